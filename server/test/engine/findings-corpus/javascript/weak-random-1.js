// expect: security/weak-random@3
function createInviteCode() {
  const inviteToken = Math.random().toString(36).slice(2, 12);
  return inviteToken;
}

module.exports = { createInviteCode };
