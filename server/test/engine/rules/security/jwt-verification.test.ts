import { jwtVerification } from '../../../../src/engine/rules/security/jwt-verification.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { JS, lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  ...JS.flatMap((language): InvalidCase[] => [
    {
      language,
      code: lines(
        "const jwt = require('jsonwebtoken');",
        'function authenticate(req, res, next) {',
        "  const token = req.headers.authorization.split(' ')[1];",
        '  req.user = jwt.decode(token);',
        '  next();',
        '}',
      ),
      errors: [
        {
          line: 4,
          messageId: 'decodeUnverified',
          says: /^CWE-347: `jwt\.decode\(token\)` on line 4 reads the token without checking its signature, and `authenticate` uses it to decide who the caller is.*jwt\.verify\(token, key, \{ algorithms: \['HS256'\] \}\)/,
        },
      ],
    },
    {
      language,
      code: lines(
        "const jwt = require('jsonwebtoken');",
        'app.use((req, res, next) => {',
        "  const claims = jwt.verify(req.cookies.token, publicKey, { algorithms: ['RS256', 'none'] });",
        '  res.locals.user = claims;',
        '  next();',
        '});',
      ),
      why: "'none' among the algorithms",
      errors: [{ line: 3, messageId: 'noneAllowed', says: /accepts tokens whose algorithm is `none`/ }],
    },
  ]),
  {
    language: 'python',
    code: lines(
      'import jwt',
      '',
      'def current_user(token):',
      '    claims = jwt.decode(token, options={"verify_signature": False})',
      '    return claims["sub"]',
      '',
      'def legacy(token, key):',
      '    return jwt.decode(token, key, verify=False)',
      '',
      'def lax(token, key):',
      '    return jwt.decode(token, key, algorithms=["HS256", "none"])',
    ),
    errors: [
      {
        line: 4,
        messageId: 'signatureOff',
        says: /^CWE-347: `jwt\.decode\(token, options=\{"verify_signature": Fa…` on line 4 decodes the token without checking its signature \(`"verify_signature": False`\).*algorithms=\["HS256"\]/,
      },
      { line: 8, messageId: 'signatureOff', says: /\(`verify=False`\)/ },
      { line: 11, messageId: 'noneAllowed' },
    ],
  },
  {
    language: 'java',
    code: lines(
      'class Tokens {',
      '  Claims claims(String token) {',
      '    return Jwts.parser().setSigningKey(key).parseClaimsJwt(token).getBody();',
      '  }',
      '  JWTVerifier lax() {',
      '    return JWT.require(Algorithm.none()).build();',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'unsigned',
        says: /\(`parseClaimsJwt` accepts only tokens without a signature\).*parseSignedClaims/,
      },
      { line: 6, messageId: 'noneAllowed' },
    ],
  },
  {
    language: 'java',
    code: lines(
      'class JwtFilter extends OncePerRequestFilter {',
      '  protected void doFilterInternal(HttpServletRequest req, HttpServletResponse res, FilterChain chain) {',
      '    DecodedJWT jwt = JWT.decode(req.getHeader("Authorization").substring(7));',
      '    SecurityContextHolder.getContext().setAuthentication(new Auth(jwt.getSubject()));',
      '    chain.doFilter(req, res);',
      '  }',
      '}',
    ),
    why: "auth0's JWT.decode in a request filter with no verify",
    errors: [
      {
        line: 3,
        messageId: 'decodeUnverified',
        says: /`JwtFilter`, which handles requests' identity,.*JWT\.require/,
      },
    ],
  },
  {
    language: 'go',
    code: lines(
      'package auth',
      '',
      'func userFrom(r *http.Request) (string, error) {',
      '\ttoken, _, err := jwt.NewParser().ParseUnverified(r.Header.Get("X-Token"), jwt.MapClaims{})',
      '\tif err != nil {',
      '\t\treturn "", err',
      '\t}',
      '\treturn token.Claims.(jwt.MapClaims)["sub"].(string), nil',
      '}',
      '',
      'func key(t *jwt.Token) (interface{}, error) {',
      '\treturn jwt.UnsafeAllowNoneSignatureType, nil',
      '}',
    ),
    errors: [
      { line: 4, messageId: 'decodeUnverified', says: /`userFrom` uses it.*jwt\.WithValidMethods/ },
      { line: 12, messageId: 'noneAllowed' },
    ],
  },
  {
    language: 'csharp',
    code: lines(
      'class Auth {',
      '  TokenValidationParameters Parameters() {',
      '    return new TokenValidationParameters {',
      '      ValidateIssuer = false,',
      '      RequireSignedTokens = false,',
      '      SignatureValidator = (token, parameters) => new JwtSecurityToken(token),',
      '    };',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 5,
        messageId: 'noneAllowed',
        says: /^CWE-347: `RequireSignedTokens = false` on line 5 accepts tokens whose algorithm is `none`.*`IssuerSigningKey`/,
      },
      { line: 6, messageId: 'signatureOff', says: /a `SignatureValidator` that returns the token unchecked/ },
    ],
  },
];

const valid: ValidCase[] = [
  {
    language: 'csharp',
    code: lines(
      'class Auth {',
      '  TokenValidationParameters Parameters(SecurityKey key) {',
      '    return new TokenValidationParameters {',
      '      IssuerSigningKey = key,',
      '      RequireSignedTokens = true,',
      '      ValidateIssuerSigningKey = true,',
      '    };',
      '  }',
      '}',
    ),
    why: 'signed tokens required, a signing key',
  },
  ...JS.flatMap((language): ValidCase[] => [
    {
      language,
      code: lines(
        "const jwt = require('jsonwebtoken');",
        'function authenticate(req, res, next) {',
        '  const { header } = jwt.decode(req.token, { complete: true });',
        "  req.user = jwt.verify(req.token, keys[header.kid], { algorithms: ['RS256'] });",
        '  next();',
        '}',
      ),
      why: 'the header read to pick the key, then verified',
    },
    {
      language,
      code: lines(
        "const jwt = require('jsonwebtoken');",
        'function expiresSoon(token) {',
        '  const { exp } = jwt.decode(token);',
        '  return exp * 1000 - Date.now() < 60000;',
        '}',
      ),
      why: "a client reading its own token's expiry",
    },
    {
      language,
      code: lines(
        "const jwt = require('jsonwebtoken');",
        'function logUser(req, res, next) {',
        '  const { sub } = jwt.decode(req.cookies.token) || {};',
        "  logger.info({ sub, path: req.path }, 'request');",
        '  next();',
        '}',
      ),
      why: 'a logging middleware: the claims are logged, the request not authenticated by them',
    },
  ]),
  {
    language: 'python',
    code: lines(
      'import jwt',
      '',
      'def current_user(token, key):',
      '    claims = jwt.decode(token, key, algorithms=["HS256"])',
      '    header = jwt.get_unverified_header(token)',
      '    return claims["sub"], header',
      '',
      'def strict(token, key):',
      '    return jwt.decode(token, key, algorithms=["RS256"], options={"verify_signature": True})',
    ),
    why: 'verified decodes, an unverified header',
  },
  {
    language: 'java',
    code: lines(
      'class Tokens {',
      '  Claims claims(String token) {',
      '    return Jwts.parser().verifyWith(key).build().parseSignedClaims(token).getPayload();',
      '  }',
      '  String subjectOfOwnToken(String token) {',
      '    return JWT.decode(token).getSubject();',
      '  }',
      '}',
      'class JwtFilter extends OncePerRequestFilter {',
      '  protected void doFilterInternal(HttpServletRequest req, HttpServletResponse res, FilterChain chain) {',
      '    DecodedJWT jwt = verifier.verify(req.getHeader("Authorization").substring(7));',
      '    chain.doFilter(req, res);',
      '  }',
      '}',
    ),
    why: 'signed claims, a decode outside request handling, a verifying filter',
  },
  {
    language: 'go',
    code: lines(
      'package auth',
      '',
      'func userFrom(r *http.Request) (*jwt.Token, error) {',
      '\tunverified, _, _ := jwt.NewParser().ParseUnverified(r.Header.Get("X-Token"), jwt.MapClaims{})',
      '\tkid := unverified.Header["kid"].(string)',
      '\treturn jwt.Parse(r.Header.Get("X-Token"), func(t *jwt.Token) (interface{}, error) { return keys[kid], nil })',
      '}',
    ),
    why: 'the kid read unverified, then parsed with verification',
  },
];

ruleTester(jwtVerification, { valid, invalid });
