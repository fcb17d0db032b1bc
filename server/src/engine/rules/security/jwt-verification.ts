/**
 * JWTs believed without their signature checked (CWE-347). Decoding without
 * verifying is legitimate for reading a header (the `kid` that picks the key)
 * or a client's own token, so a bare decode is reported only where the code
 * itself shows it deciding who the caller is and shows no verification:
 *
 * - `alg: none` accepted: jsonwebtoken's or PyJWT's `algorithms` listing
 *   `none`, auth0's `Algorithm.none()`, golang-jwt's
 *   `UnsafeAllowNoneSignatureType`;
 * - verification switched off: PyJWT's `verify_signature: False` or `verify=False`;
 * - unsigned tokens parsed: jjwt's `parseClaimsJwt`, `parseUnsecuredClaims`, `unsecured()`;
 * - a decode whose claims authenticate a request with no verification in the
 *   same function (JS: assigned to `req.user`, `ctx.state.user` or
 *   `res.locals.user`), class (Java: a servlet filter, an interceptor,
 *   Spring Security) or function (Go: `ParseUnverified` with no `Parse`).
 *
 * C#: `RequireSignedTokens = false`, and a `SignatureValidator` that returns
 * the token without validating it.
 *
 * Go keyfuncs that do not check `token.Method` are not reported: golang-jwt
 * checks the key's type against the algorithm (HMAC needs `[]byte`, RSA an
 * `*rsa.PublicKey`) and refuses `none` unless told otherwise, so the missing
 * check is hardening, not a hole the snippet shows.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import {
  callArguments,
  calleeText,
  code,
  FUNCTION_TYPES,
  keywordArgument,
  lineOf,
  methodName,
  stringContent,
} from '../util.js';

const FIX: Record<'js' | 'python' | 'jjwt' | 'auth0' | 'go' | 'csharp', string> = {
  js: "verify it with `jwt.verify(token, key, { algorithms: ['HS256'] })` (listing only the algorithm you sign with) and use the claims it returns",
  python:
    'call `jwt.decode(token, key, algorithms=["HS256"])` with the signing key and only the algorithm you sign with, so PyJWT checks the signature',
  jjwt: 'parse signed tokens only: `Jwts.parser().verifyWith(key).build().parseSignedClaims(token)` (`parseClaimsJws` with `setSigningKey` before jjwt 0.12)',
  auth0:
    'verify it: `JWT.require(Algorithm.HMAC256(secret)).build().verify(token)` returns the decoded token only when the signature holds',
  csharp:
    'remove it: with `IssuerSigningKey` set and `RequireSignedTokens` left true, the token handler checks the signature itself',
  go: 'parse with `jwt.Parse(tokenString, keyFunc, jwt.WithValidMethods([]string{"HS256"}))` and use the claims only when `token.Valid`',
};

/** The outermost function around `node` (the handler or method), else the root. */
function outermostFunction(node: Node): Node {
  let found: Node | undefined;
  let top = node;
  for (let p = node.parent; p; p = p.parent) {
    if (FUNCTION_TYPES.has(p.type)) found = p;
    top = p;
  }
  return found ?? top;
}

function enclosingClass(node: Node): Node | undefined {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'class_declaration') return p;
  return undefined;
}

/** A list literal (JS array, Python list) that names the `none` algorithm. */
function listsNone(list: Node | null | undefined): boolean {
  if (!list || (list.type !== 'array' && list.type !== 'list')) return false;
  return list.namedChildren.some((c) => stringContent(c)?.toLowerCase() === 'none');
}

/** The value of `key` in a JS object literal or a Python dict literal. */
function entry(object: Node | undefined, key: string): Node | undefined {
  if (!object || (object.type !== 'object' && object.type !== 'dictionary')) return undefined;
  for (const pair of object.namedChildren) {
    if (pair.type !== 'pair') continue;
    const k = pair.childForFieldName('key');
    if (k && (k.text === key || stringContent(k) === key))
      return pair.childForFieldName('value') ?? undefined;
  }
  return undefined;
}

const JS_JWT = /^(jwt|jsonwebtoken|JWT|jose)$/;
/**
 * What a JS handler does with claims that makes them authenticate the
 * request: it sets the request's user (as Passport and express-jwt do).
 * Calling `next()` alone is no sign: a logging middleware decodes to log.
 */
const JS_AUTHENTICATES =
  /\b(req|request|ctx)\.(user|auth|claims|state\.user)\s*=(?!=)|\bres\.locals\.(user|auth|claims)\s*=(?!=)/;
const JS_VERIFIES = /\.verify\(|\bjwtVerify\(|\bverify\(/;
/** A Java class that handles requests' identity. */
const JAVA_REQUEST_AUTH =
  /\b(OncePerRequestFilter|HandlerInterceptor|implements\s+(javax\.servlet\.|jakarta\.servlet\.)?Filter|SecurityContextHolder|AuthenticationManager|UsernamePasswordAuthenticationToken|ContainerRequestFilter)\b/;

export const jwtVerification: Rule = {
  meta: {
    id: 'security/jwt-verification',
    type: 'security',
    severity: 'high',
    languages: ['javascript', 'typescript', 'tsx', 'python', 'java', 'go', 'csharp'],
    docs: {
      description:
        "JWTs accepted without a checked signature: `none` among the allowed algorithms, PyJWT's verify_signature off, jjwt's unsigned parsing, and a decode (jwt.decode, JWT.decode, ParseUnverified) whose claims authenticate a request with no verification beside it. A decode that only reads a header or a client's own token is left alone.",
      cwe: 'CWE-347',
      examples: [
        {
          language: 'python',
          bad: 'import jwt\n\ndef current_user(token):\n    claims = jwt.decode(token, options={"verify_signature": False})\n    return claims["sub"]\n',
          good: 'import jwt\n\ndef current_user(token, key):\n    claims = jwt.decode(token, key, algorithms=["HS256"])\n    return claims["sub"]\n',
        },
      ],
    },
    messages: {
      noneAllowed:
        'CWE-347: {{call}} on line {{line}} accepts tokens whose algorithm is `none`, that is, tokens with no signature: anyone can write one with any claims and it passes. Instead, {{fix}}.',
      signatureOff:
        'CWE-347: {{call}} on line {{line}} decodes the token without checking its signature ({{how}}): anyone can write a token with any claims and it is believed. Instead, {{fix}}.',
      unsigned:
        'CWE-347: {{call}} on line {{line}} parses unsigned tokens (`{{method}}` accepts only tokens without a signature), so anyone can write one with any claims. Instead, {{fix}}.',
      decodeUnverified:
        'CWE-347: {{call}} on line {{line}} reads the token without checking its signature, and {{where}} uses it to decide who the caller is with no verification, so a forged token is believed. Instead, {{fix}}.',
    },
  },
  create(context) {
    const { language } = context;
    const report = (node: Node, messageId: string, fix: string, extra: Record<string, string> = {}) =>
      context.report({
        node,
        messageId,
        data: { call: code(node.text, 50), line: lineOf(node), fix, ...extra },
      });
    switch (language as LanguageId) {
      case 'python':
        return {
          call(node) {
            const callee = calleeText(node);
            if (!/^(jwt|pyjwt|jose\.jwt)\.decode$/.test(callee)) return;
            if (listsNone(keywordArgument(node, 'algorithms')))
              return report(node, 'noneAllowed', FIX.python);
            const verifySignature = entry(keywordArgument(node, 'options'), 'verify_signature');
            if (verifySignature?.text === 'False')
              return report(node, 'signatureOff', FIX.python, { how: '`"verify_signature": False`' });
            if (keywordArgument(node, 'verify')?.text === 'False')
              report(node, 'signatureOff', FIX.python, { how: '`verify=False`' });
          },
        };
      case 'java':
        return {
          method_invocation(node) {
            const name = node.childForFieldName('name')?.text ?? '';
            const callee = calleeText(node);
            if (/^(parseClaimsJwt|parseUnsecuredClaims|unsecured)$/.test(name) && /\bJwts\b/.test(callee))
              return report(node, 'unsigned', FIX.jjwt, { method: name });
            if (callee === 'Algorithm.none') return report(node, 'noneAllowed', FIX.auth0);
            if (callee === 'JWT.decode') {
              const cls = enclosingClass(node);
              if (!cls || !JAVA_REQUEST_AUTH.test(cls.text) || /\.verify\(/.test(cls.text)) return;
              const className = cls.childForFieldName('name')?.text ?? 'the class';
              report(node, 'decodeUnverified', FIX.auth0, {
                where: `\`${className}\`, which handles requests' identity,`,
              });
            }
          },
        };
      case 'csharp':
        return {
          assignment_expression(node) {
            const left = node.childForFieldName('left');
            const property = (
              left?.type === 'member_access_expression' ? left.childForFieldName('name') : left
            )?.text;
            const right = node.childForFieldName('right');
            if (property === 'RequireSignedTokens' && right?.text === 'false')
              return report(node, 'noneAllowed', FIX.csharp);
            // A SignatureValidator that hands the token back without validating it.
            if (
              property === 'SignatureValidator' &&
              right?.type === 'lambda_expression' &&
              /^new\s+(JwtSecurityToken|JsonWebToken)\s*\(\s*\w+\s*\)$/.test(
                right.childForFieldName('body')?.text ?? '',
              )
            )
              report(node, 'signatureOff', FIX.csharp, {
                how: 'a `SignatureValidator` that returns the token unchecked',
              });
          },
        };
      case 'go':
        return {
          call_expression(node) {
            if (methodName(calleeText(node)) !== 'ParseUnverified') return;
            const fn = outermostFunction(node);
            // Reading the header or issuer to pick the key, then verifying, is the documented use.
            const text = fn.text.replace(/ParseUnverified/g, '');
            if (
              /\b(jwt|parser|p|jwtParser)\.(Parse|ParseWithClaims)\(|\bNewParser\([^)]*\)\.(Parse|ParseWithClaims)\(/.test(
                text,
              )
            )
              return;
            const name = fn.childForFieldName('name')?.text;
            report(node, 'decodeUnverified', FIX.go, {
              where: name ? `\`${name}\`` : 'this code',
            });
          },
          selector_expression(node) {
            if (node.childForFieldName('field')?.text === 'UnsafeAllowNoneSignatureType')
              report(node, 'noneAllowed', FIX.go);
          },
        };
      default:
        return {
          call_expression(node) {
            const callee = calleeText(node);
            const method = methodName(callee);
            const receiver = callee.slice(0, -method.length - 1);
            const args = callArguments(node);
            if (method === 'verify' && JS_JWT.test(receiver)) {
              if (listsNone(entry(args[2], 'algorithms'))) report(node, 'noneAllowed', FIX.js);
              return;
            }
            const decodes = (method === 'decode' && JS_JWT.test(receiver)) || method === 'decodeJwt';
            if (!decodes || entry(args[1], 'complete')?.text === 'true') return;
            const fn = outermostFunction(node);
            if (JS_VERIFIES.test(fn.text) || !JS_AUTHENTICATES.test(fn.text)) return;
            const name = FUNCTION_TYPES.has(fn.type) ? fn.childForFieldName('name')?.text : undefined;
            report(node, 'decodeUnverified', FIX.js, {
              where: name ? `\`${name}\`` : `the handler on line ${lineOf(fn)}`,
            });
          },
        };
    }
  },
};
