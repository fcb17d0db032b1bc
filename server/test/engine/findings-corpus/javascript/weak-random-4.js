// expect: security/weak-random@3
function startSession(res, user) {
  const sessionId = Math.random().toString(36).substring(2);
  res.cookie('sid', sessionId, { httpOnly: true });
  return { sessionId, user };
}

module.exports = { startSession };
