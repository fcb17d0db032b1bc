// expect: security/jwt-verification@6
const jwt = require('jsonwebtoken');

function authenticate(req, res, next) {
  const token = (req.headers.authorization || '').replace('Bearer ', '');
  const claims = jwt.decode(token);
  if (!claims) return res.sendStatus(401);
  req.user = claims.sub;
  next();
}

module.exports = { authenticate };
