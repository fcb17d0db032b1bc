// silent: security/timing-unsafe-compare
const crypto = require('crypto');

function verifySession(cookieValue, key) {
  const [payload, mac] = cookieValue.split('.');
  if (!payload || !mac) return null;
  const expected = Buffer.from(crypto.createHmac('sha256', key).update(payload).digest('base64url'));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

module.exports = { verifySession };
