// silent: security/weak-hash
const crypto = require('crypto');

function cacheKey(url) {
  return crypto.createHash('sha1').update(url).digest('hex');
}

module.exports = { cacheKey };
