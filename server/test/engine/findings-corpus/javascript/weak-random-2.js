// silent: security/weak-random
const crypto = require('crypto');

function createInviteCode() {
  const inviteToken = crypto.randomBytes(16).toString('hex');
  return inviteToken;
}

module.exports = { createInviteCode };
