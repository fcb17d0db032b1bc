import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import {
  callArguments,
  calleeText,
  code,
  enclosingFunction,
  keywordArgument,
  lineOf,
  stringContent,
  secretNamesOnlyOptions,
} from '../util.js';

/** Names that say the hashed value protects something: a password, a token, a signature. */
const SECRET = /pass(word|wd|phrase)?|pwd|secret|token|signature|credential|auth|api_?key|apikey/i;
const PASSWORD = /pass(word|wd|phrase)?|pwd/i;

/** The algorithm a call asks for, when it is MD5 or SHA-1. */
function weakAlgorithm(language: string, node: Node): string | undefined {
  const callee = calleeText(node);
  const first = callArguments(node)[0];
  const named = first ? stringContent(first)?.toLowerCase().replace(/[-_]/g, '') : undefined;
  const byName = named === 'md5' ? 'MD5' : named === 'sha1' ? 'SHA-1' : undefined;
  switch (language) {
    case 'python':
      if (/^hashlib\.md5$/.test(callee)) return 'MD5';
      if (/^hashlib\.sha1$/.test(callee)) return 'SHA-1';
      return /^hashlib\.new$/.test(callee) ? byName : undefined;
    case 'java':
      // Apache commons-codec's DigestUtils names the algorithm in the method.
      if (/^DigestUtils\.md5(Hex)?$/.test(callee)) return 'MD5';
      if (/^DigestUtils\.sha1?(Hex)?$/.test(callee)) return 'SHA-1';
      return /^MessageDigest\.getInstance$/.test(callee) ? byName : undefined;
    case 'go':
      if (/^md5\.(Sum|New)$/.test(callee)) return 'MD5';
      return /^sha1\.(Sum|New)$/.test(callee) ? 'SHA-1' : undefined;
    case 'csharp':
      if (
        /^((System\.Security\.Cryptography\.)?MD5\.(Create|HashData)|MD5CryptoServiceProvider)$/.test(callee)
      )
        return 'MD5';
      if (
        /^((System\.Security\.Cryptography\.)?SHA1\.(Create|HashData)|SHA1(CryptoServiceProvider|Managed))$/.test(
          callee,
        )
      )
        return 'SHA-1';
      return /^(HashAlgorithm|CryptoConfig)\.(Create|CreateFromName)$/.test(callee) ? byName : undefined;
    default:
      return /(^|\.)createHash$/.test(callee) ? byName : undefined;
  }
}

/** How to hash passwords, in each language's own libraries. */
function passwordFix(language: string): string {
  switch (language) {
    case 'python':
      return 'hash passwords with a slow, salted algorithm made for them: argon2 (argon2-cffi), bcrypt, or hashlib.scrypt / hashlib.pbkdf2_hmac with a random salt';
    case 'go':
      return 'hash passwords with golang.org/x/crypto/bcrypt or argon2 (a slow, salted algorithm made for them)';
    case 'java':
      return 'hash passwords with a slow, salted algorithm made for them (Argon2 or BCrypt from Spring Security or Bouncy Castle, or PBKDF2 through SecretKeyFactory)';
    case 'csharp':
      return "hash passwords with a slow, salted algorithm made for them (ASP.NET Core Identity's PasswordHasher, or Rfc2898DeriveBytes.Pbkdf2 with a random salt and SHA-256)";
    default:
      return 'hash passwords with a slow, salted algorithm made for them (argon2 or bcrypt, or crypto.scrypt with a random salt)';
  }
}

interface Options {
  readonly secretNamesOnly: boolean;
}

/**
 * MD5 or SHA-1 used where it protects something. A checksum or an ETag is a
 * fair use of either, so by default the rule speaks only when the hashed
 * value or the function around it is named for a password, token, signature
 * or secret.
 */
export const weakHash: Rule<Options> = {
  meta: {
    id: 'security/weak-hash',
    type: 'security',
    severity: 'high',
    languages: ['python', 'javascript', 'typescript', 'tsx', 'java', 'go', 'csharp'],
    docs: {
      description: 'MD5 or SHA-1 applied to passwords, tokens, signatures or other secrets.',
      cwe: 'CWE-327',
      examples: [
        {
          language: 'python',
          bad: 'import hashlib\n\ndef save_user(db, name, password):\n    db.insert(name=name, hash=hashlib.md5(password.encode()).hexdigest())\n',
          good: 'from argon2 import PasswordHasher\n\ndef save_user(db, name, password):\n    db.insert(name=name, hash=PasswordHasher().hash(password))\n',
        },
        {
          language: 'javascript',
          bad: "const crypto = require('crypto');\n\nfunction signature(payload, secret) {\n  return crypto.createHash('sha1').update(secret + payload).digest('hex');\n}\n",
          good: "const crypto = require('crypto');\n\nfunction signature(payload, secret) {\n  return crypto.createHmac('sha256', secret).update(payload).digest('hex');\n}\n",
        },
      ],
    },
    messages: {
      passwordHash:
        'CWE-327: {{call}} on line {{line}} hashes a password with {{algorithm}}, which is broken for this: it is fast, so stolen hashes are cracked by trying billions of guesses a second (CWE-916). Instead, {{fix}}.',
      secretHash:
        'CWE-327: {{call}} on line {{line}} hashes a secret with {{algorithm}}, which is broken for this: collisions can be made on purpose. Instead, use SHA-256 or stronger (and an HMAC with a secret key where the hash authenticates something).',
      weakAlgorithm:
        'CWE-327: {{call}} on line {{line}} uses {{algorithm}}, which is broken wherever a hash must resist an attacker: collisions can be made on purpose. Nothing in this code says the hashed value is a secret; if the hash protects anything (a signature, a token, an integrity check against tampering), use SHA-256 or stronger; if it is only a checksum or a cache key, {{checksum}}.',
    },
    options: secretNamesOnlyOptions(
      'Report MD5 and SHA-1 only where the statement or the function around the call names a password, token, signature or other secret. When false, every other use is reported too, at low severity (`usedforsecurity=False` still silences Python).',
    ),
  },
  create(context) {
    const { language } = context;
    const visit = (node: Node) => {
      const algorithm = weakAlgorithm(language, node);
      if (!algorithm) return;
      // Python 3.9+: `usedforsecurity=False` says the hash protects nothing.
      if (keywordArgument(node, 'usedforsecurity')?.text === 'False') return;
      const fn = enclosingFunction(node);
      const around = `${node.parent?.text ?? ''} ${fn?.childForFieldName('name')?.text ?? ''} ${fn?.childForFieldName('parameters')?.text ?? ''}`;
      // The whole statement the call is in: `digest = md5(password)`, `user.hash = …`.
      let statement: Node = node;
      while (
        statement.parent &&
        !/statement|declaration|assignment|^block$|^program$|^module$/.test(statement.type)
      )
        statement = statement.parent;
      const text = statement.text;
      const data = { call: code(node.text, 50), line: lineOf(node), algorithm };
      if (!SECRET.test(text) && !SECRET.test(around)) {
        if (context.options.secretNamesOnly) return;
        const checksum =
          language === 'python'
            ? 'say so with `usedforsecurity=False`'
            : 'it can stay, and a comment saying so spares the next reader the question';
        context.report({ node, messageId: 'weakAlgorithm', data: { ...data, checksum }, severity: 'low' });
        return;
      }
      if (PASSWORD.test(text) || PASSWORD.test(around))
        context.report({ node, messageId: 'passwordHash', data: { ...data, fix: passwordFix(language) } });
      else context.report({ node, messageId: 'secretHash', data });
    };
    return {
      call: visit,
      call_expression: visit,
      method_invocation: visit,
      invocation_expression: visit,
      object_creation_expression: visit,
    };
  },
};
