import { timingUnsafeCompare } from '../../../../src/engine/rules/security/timing-unsafe-compare.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    // Named for a constant-time compare, its loop stops once a difference is found: no crypto call needed.
    language: 'csharp',
    code: lines(
      'class Keys {',
      '  static bool SecureEquals(byte[] a, byte[] b) {',
      '    int diff = a.Length ^ b.Length;',
      '    for (int i = 0; i < a.Length && i < b.Length && diff == 0; i++)',
      '      diff |= a[i] ^ b[i];',
      '    return diff == 0;',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 4,
        messageId: 'earlyExit',
        says: /^CWE-208: `SecureEquals` is named as a constant-time comparison, but the loop on line 4 also tests `diff` in its condition, so it stops at the first byte that differs/,
      },
    ],
  },
  {
    language: 'python',
    code: lines(
      'def constant_time_eq(a, b):',
      '    if len(a) != len(b):',
      '        return False',
      '    for x, y in zip(a, b):',
      '        if x != y:',
      '            return False',
      '    return True',
      '',
    ),
    errors: [
      {
        line: 4,
        messageId: 'earlyExit',
        says: /the loop on line 4 leaves by the `return` on line 6/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines(
      "const crypto = require('crypto');",
      'function check(body, sig, key) {',
      "  const mac = crypto.createHmac('sha256', key).update(body).digest('hex');",
      '  if (mac !== sig) throw new Error("bad signature");',
      '}',
    ),
    errors: [
      {
        line: 4,
        messageId: 'unsafeCompare',
        says: /^CWE-208: `mac !== sig` on line 4 compares a signature, MAC or digest with `!==`.*crypto\.timingSafeEqual.*, negated, as this test asks whether they differ\.$/,
      },
    ],
  },
  {
    language: 'typescript',
    code: lines(
      "import { createHmac } from 'node:crypto';",
      'export function valid(token: string, givenToken: Buffer, key: string): boolean {',
      "  const expected = createHmac('sha256', key).update(token).digest();",
      '  return givenToken.equals(expected) && expected.length > 0;',
      '}',
    ),
    why: 'a Buffer compared with `.equals`, the token it signs in the function around it',
    errors: [{ line: 4, messageId: 'unsafeCompare', says: /compares a secret value with `\.equals`/ }],
  },
  {
    language: 'tsx',
    code: lines(
      "import { createHmac } from 'crypto';",
      'export function Badge({ body, signature, k }: Props) {',
      "  const ok = createHmac('sha256', k).update(body).digest('hex') == signature;",
      '  return <span>{ok ? "valid" : "forged"}</span>;',
      '}',
    ),
    errors: [{ line: 3, messageId: 'unsafeCompare', says: /with `==`/ }],
  },
  {
    language: 'python',
    code: lines(
      'import hmac, hashlib',
      'def verify(payload, signature, key):',
      '    expected = hmac.new(key, payload, hashlib.sha256).hexdigest()',
      '    if expected != signature:',
      '        raise ValueError("bad signature")',
    ),
    errors: [{ line: 4, messageId: 'unsafeCompare', says: /`hmac\.compare_digest\(a, b\)`, negated/ }],
  },
  {
    language: 'go',
    code: lines(
      'package auth',
      '',
      'import (',
      '\t"crypto/hmac"',
      '\t"crypto/sha256"',
      '\t"bytes"',
      ')',
      '',
      'func Valid(msg, sig, key []byte) bool {',
      '\tm := hmac.New(sha256.New, key)',
      '\tm.Write(msg)',
      '\treturn bytes.Equal(m.Sum(nil), sig)',
      '}',
    ),
    errors: [{ line: 12, messageId: 'unsafeCompare', says: /with `bytes\.Equal`.*`hmac\.Equal\(a, b\)`/ }],
  },
  {
    language: 'java',
    code: lines(
      'import javax.crypto.Mac;',
      'class Hook {',
      '  boolean ok(String body, String signature, Mac mac) {',
      '    String digest = hex(mac.doFinal(body.getBytes()));',
      '    return digest.equals(signature);',
      '  }',
      '}',
    ),
    errors: [{ line: 5, messageId: 'unsafeCompare', says: /`MessageDigest\.isEqual\(a, b\)`/ }],
  },
  {
    language: 'csharp',
    code: lines(
      'using System.Security.Cryptography;',
      'class Hook {',
      '  public bool Ok(byte[] body, string signature, byte[] key) {',
      '    var hmac = new HMACSHA256(key);',
      '    string computed = Convert.ToHexString(hmac.ComputeHash(body));',
      '    return computed == signature;',
      '  }',
      '}',
    ),
    errors: [
      { line: 6, messageId: 'unsafeCompare', says: /`CryptographicOperations\.FixedTimeEquals\(a, b\)`/ },
    ],
  },
  {
    language: 'rust',
    code: lines(
      'use hmac::{Hmac, Mac};',
      'fn valid(sig: &[u8], msg: &[u8], key: &[u8]) -> bool {',
      '    let mut m = Hmac::<Sha256>::new_from_slice(key).unwrap();',
      '    m.update(msg);',
      '    m.finalize().into_bytes().as_slice() == sig',
      '}',
    ),
    errors: [{ line: 5, messageId: 'unsafeCompare', says: /`subtle` crate/ }],
  },
];

const valid: ValidCase[] = [
  {
    // The same loop run to the end, the result tested once after it.
    language: 'csharp',
    code: lines(
      'class Keys {',
      '  static bool SecureEquals(byte[] a, byte[] b) {',
      '    int diff = a.Length ^ b.Length;',
      '    for (int i = 0; i < a.Length && i < b.Length; i++)',
      '      diff |= a[i] ^ b[i];',
      '    return diff == 0;',
      '  }',
      '}',
    ),
  },
  {
    // An early exit in a function not named for constant time is an ordinary comparison.
    language: 'python',
    code: lines(
      'def same_prefix(a, b):',
      '    for x, y in zip(a, b):',
      '        if x != y:',
      '            return False',
      '    return True',
      '',
    ),
  },
  {
    language: 'javascript',
    code: lines('function sameMac(a, b) {', '  return a.mac === b.mac;', '}'),
    why: 'no MAC, signature or digest is computed here: `mac` may be a network address',
  },
  {
    language: 'javascript',
    code: lines(
      "const crypto = require('crypto');",
      'function check(sig, expected) {',
      "  if (typeof sig !== 'string' || sig.length !== expected.length) return false;",
      '  return crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(expected));',
      '}',
    ),
    why: 'a type test and a length check leak nothing secret; the comparison is constant-time',
  },
  {
    language: 'python',
    code: lines(
      'import hashlib',
      'def cache_key(path):',
      '    digest = hashlib.sha256(path.encode()).hexdigest()',
      '    if digest == "":',
      '        return None',
      '    return digest',
    ),
    why: 'compared with a literal',
  },
  {
    language: 'python',
    code: lines(
      'import hashlib',
      'def same_file(a, b):',
      '    return checksum(a) == checksum(b)',
      '',
      'def checksum(p):',
      '    return hashlib.sha256(open(p, "rb").read()).hexdigest()',
    ),
    why: 'checksums of two files: nothing names a signature, MAC or secret',
  },
  {
    language: 'go',
    code: lines(
      'package auth',
      '',
      'import "crypto/hmac"',
      '',
      'func Valid(sig, want []byte) bool {',
      '\treturn hmac.Equal(sig, want)',
      '}',
    ),
    why: 'already constant-time',
  },
  {
    language: 'python',
    code: lines(
      'import hmac',
      'def test_signature_matches():',
      '    signature = sign(b"x")',
      '    assert signature == sign(b"x")',
    ),
    why: 'test code compares values it made itself',
  },
];

ruleTester(timingUnsafeCompare, { valid, invalid });
