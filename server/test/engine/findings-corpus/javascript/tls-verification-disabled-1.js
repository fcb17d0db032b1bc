// expect: security/tls-verification-disabled@5
const https = require('https');

function getInternal(path, cb) {
  https.get({ host: 'internal.example.org', path, rejectUnauthorized: false }, cb);
}

module.exports = { getInternal };
