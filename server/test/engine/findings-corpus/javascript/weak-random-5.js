// silent: security/weak-random
function tagRequest(req) {
  const requestId = Math.random().toString(36).substring(2);
  req.headers['x-request-id'] = requestId;
  return requestId;
}

module.exports = { tagRequest };
