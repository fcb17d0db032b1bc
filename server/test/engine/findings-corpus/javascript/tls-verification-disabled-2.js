// silent: security/tls-verification-disabled
const fs = require('fs');
const https = require('https');

function getInternal(path, cb) {
  https.get({ host: 'internal.example.org', path, ca: fs.readFileSync('/etc/ssl/internal-ca.pem') }, cb);
}

module.exports = { getInternal };
