import { weakHash } from '../../../../src/engine/rules/security/weak-hash.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'python',
    code: lines(
      'import hashlib',
      'def store(user, password):',
      '    user.hash = hashlib.md5(password.encode()).hexdigest()',
      '',
    ),
    errors: [
      {
        line: 3,
        messageId: 'passwordHash',
        says: /^CWE-327: .* hashes a password with MD5.*\(CWE-916\).*argon2/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines(
      'function sign(token) {',
      "  return crypto.createHash('sha1').update(token).digest('hex');",
      '}',
    ),
    errors: [{ line: 2, messageId: 'secretHash', says: /^CWE-327: .* hashes a secret with SHA-1.*SHA-256/ }],
  },
  {
    language: 'typescript',
    code: lines(
      'function check(password: string, stored: string) {',
      "  return createHash('md5').update(password).digest('hex') === stored;",
      '}',
    ),
    errors: [{ line: 2, messageId: 'passwordHash', says: /a password with MD5/ }],
  },
  {
    language: 'tsx',
    code: "const digest = crypto.createHash('SHA1').update(apiKey).digest('hex');",
    errors: [{ line: 1, messageId: 'secretHash', says: /a secret with SHA-1/ }],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  byte[] hashPassword(String password) throws Exception {',
      '    return MessageDigest.getInstance("MD5").digest(password.getBytes());',
      '  }',
      '}',
    ),
    errors: [{ line: 3, messageId: 'passwordHash', says: /^CWE-327: .*a password with MD5/ }],
  },
  {
    language: 'java',
    why: "commons-codec's DigestUtils; sha256Hex beside it is fine",
    code: lines(
      'class Accounts {',
      '  String hashPassword(String password) {',
      '    return DigestUtils.md5Hex(password);',
      '  }',
      '  String fingerprint(String password) {',
      '    return DigestUtils.sha256Hex(password);',
      '  }',
      '}',
    ),
    errors: [{ line: 3, messageId: 'passwordHash', says: /^CWE-327: .*a password with MD5/ }],
  },
  {
    language: 'go',
    code: lines(
      'package m',
      'import "crypto/md5"',
      'func HashPassword(password string) [16]byte {',
      '\treturn md5.Sum([]byte(password))',
      '}',
      '',
    ),
    errors: [{ line: 4, messageId: 'passwordHash', says: /^CWE-327: .*bcrypt/ }],
  },
  {
    language: 'javascript',
    code: lines(
      'function etag(body) {',
      "  return crypto.createHash('md5').update(body).digest('hex');",
      '}',
    ),
    focused: true,
    why: 'a checksum, with security in focus',
    errors: [
      {
        line: 2,
        messageId: 'weakAlgorithm',
        severity: 'low',
        says: /^CWE-327: `crypto\.createHash\('md5'\)` on line 2 uses MD5, .*if it is only a checksum or a cache key, it can stay/,
        saysNot: /hashes a (password|secret) with/,
      },
    ],
  },
  {
    language: 'python',
    code: lines(
      'import hashlib',
      'def file_digest(path, token):',
      '    with open(path, "rb") as f:',
      '        a = hashlib.sha1(f.read()).hexdigest()',
      '    return a, hashlib.md5(token.encode()).hexdigest()',
      '',
    ),
    focused: true,
    why: 'a file digest and a token, with security in focus',
    errors: [
      {
        line: 4,
        messageId: 'secretHash',
        says: /hashes a secret with SHA-1/,
      },
      { line: 5, messageId: 'secretHash', says: /hashes a secret with MD5/ },
    ],
  },
  {
    language: 'go',
    code: lines(
      'package m',
      'import "crypto/sha1"',
      'func Fingerprint(data []byte) [20]byte {',
      '\treturn sha1.Sum(data)',
      '}',
      '',
    ),
    focused: true,
    why: 'a fingerprint, with security in focus',
    errors: [{ line: 4, messageId: 'weakAlgorithm', severity: 'low', says: /uses SHA-1.*it can stay/ }],
  },
];

invalid.push({
  language: 'csharp',
  why: 'MD5 of a password, SHA-1 of a token',
  code: lines(
    'class Users {',
    '  string HashPassword(string password) {',
    '    using var md5 = MD5.Create();',
    '    return Convert.ToHexString(md5.ComputeHash(Encoding.UTF8.GetBytes(password)));',
    '  }',
    '  byte[] TokenDigest(byte[] token) => SHA1.HashData(token);',
    '}',
  ),
  errors: [
    { line: 3, messageId: 'passwordHash', says: /MD5.*PasswordHasher/ },
    { line: 6, messageId: 'secretHash', says: /SHA-1/ },
  ],
});

const valid: ValidCase[] = [
  {
    language: 'csharp',
    why: 'a checksum of a file, and SHA-256 for a token',
    code: lines(
      'class Files {',
      '  byte[] Checksum(Stream file) { using var md5 = MD5.Create(); return md5.ComputeHash(file); }',
      '  byte[] TokenDigest(byte[] token) => SHA256.HashData(token);',
      '}',
    ),
  },
  {
    language: 'javascript',
    code: lines(
      'function etag(body) {',
      "  return crypto.createHash('md5').update(body).digest('hex');",
      '}',
    ),
    why: 'a checksum, nothing secret',
  },
  {
    language: 'python',
    code: lines(
      'import hashlib',
      'def store(password):',
      '    return hashlib.md5(password, usedforsecurity=False)',
      '',
    ),
    why: 'usedforsecurity=False',
  },
  {
    language: 'python',
    code: lines(
      'import hashlib',
      'def store(password):',
      '    return hashlib.sha256(password).hexdigest()',
      '',
    ),
    why: 'SHA-256 (not a password hash, but not what this rule is about)',
  },
  {
    language: 'python',
    code: lines(
      'import hashlib',
      'def cache_key(url):',
      '    return hashlib.md5(url.encode(), usedforsecurity=False).hexdigest()',
      '',
    ),
    focused: true,
    why: 'usedforsecurity=False, with security in focus',
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  byte[] checksum(byte[] data) throws Exception {',
      '    return MessageDigest.getInstance("SHA-256").digest(data);',
      '  }',
      '}',
    ),
    focused: true,
    why: 'SHA-256, with security in focus',
  },
];

ruleTester(weakHash, { valid, invalid });
