// silent: security/weak-random
function backoffDelay(attempt) {
  const jitter = Math.random() * 100;
  return Math.min(30000, 2 ** attempt * 100 + jitter);
}

module.exports = { backoffDelay };
