// expect: security/ssrf@6
const https = require('https');

function proxyStatus(req, res) {
  const target = req.query.service;
  https.get({ hostname: target, path: '/status', timeout: 2000 }, (upstream) => {
    upstream.pipe(res);
  });
}

module.exports = { proxyStatus };
