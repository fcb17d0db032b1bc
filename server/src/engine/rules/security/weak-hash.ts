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
      return /^MessageDigest\.getInstance$/.test(callee) ? byName : undefined;
    case 'go':
      if (/^md5\.(Sum|New)$/.test(callee)) return 'MD5';
      return /^sha1\.(Sum|New)$/.test(callee) ? 'SHA-1' : undefined;
    default:
      return /(^|\.)createHash$/.test(callee) ? byName : undefined;
  }
}

/**
 * MD5 or SHA-1 used where it protects something. A checksum or an ETag is a
 * fair use of either, so the rule speaks only when the hashed value or the
 * function around it is named for a password, token, signature or secret.
 */
export const weakHash: Rule = {
  meta: {
    id: 'security/weak-hash',
    type: 'security',
    severity: 'high',
    languages: ['python', 'javascript', 'typescript', 'tsx', 'java', 'go'],
    docs: {
      description: 'MD5 or SHA-1 applied to passwords, tokens, signatures or other secrets.',
      cwe: 'CWE-327',
    },
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
      const line = statement.text;
      if (!SECRET.test(line) && !SECRET.test(around)) return;
      const password = PASSWORD.test(line) || PASSWORD.test(around);
      const fix = password
        ? language === 'python'
          ? 'hash passwords with a slow, salted algorithm made for them: argon2 (argon2-cffi), bcrypt, or hashlib.scrypt / hashlib.pbkdf2_hmac with a random salt'
          : language === 'go'
            ? 'hash passwords with golang.org/x/crypto/bcrypt or argon2 (a slow, salted algorithm made for them)'
            : language === 'java'
              ? 'hash passwords with a slow, salted algorithm made for them (Argon2 or BCrypt from Spring Security or Bouncy Castle, or PBKDF2 through SecretKeyFactory)'
              : 'hash passwords with a slow, salted algorithm made for them (argon2 or bcrypt, or crypto.scrypt with a random salt)'
        : 'use SHA-256 or stronger (and an HMAC with a secret key where the hash authenticates something)';
      context.report({
        node,
        message: `CWE-327: ${code(node.text, 50)} on line ${lineOf(node)} hashes ${password ? 'a password' : 'a secret'} with ${algorithm}, which is broken for this: ${password ? 'it is fast, so stolen hashes are cracked by trying billions of guesses a second (CWE-916)' : 'collisions can be made on purpose'}. Instead, ${fix}.`,
      });
    };
    return { call: visit, call_expression: visit, method_invocation: visit };
  },
};
