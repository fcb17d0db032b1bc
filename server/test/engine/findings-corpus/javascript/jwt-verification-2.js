// silent: security/jwt-verification
const jwt = require('jsonwebtoken');

function authenticate(req, res, next) {
  const token = (req.headers.authorization || '').replace('Bearer ', '');
  const { header } = jwt.decode(token, { complete: true });
  req.user = jwt.verify(token, keys[header.kid], { algorithms: ['RS256'] });
  next();
}

module.exports = { authenticate };
