// expect: security/timing-unsafe-compare@8
const crypto = require('crypto');

function verifySession(cookieValue, key) {
  const [payload, mac] = cookieValue.split('.');
  if (!payload || !mac) return null;
  const expectedMac = crypto.createHmac('sha256', key).update(payload).digest('base64url');
  if (mac !== expectedMac) return null;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

module.exports = { verifySession };
