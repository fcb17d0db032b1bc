import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import {
  callArguments,
  calleeText,
  code,
  enclosingFunction,
  inTestCode,
  lineOf,
  nameWords,
} from '../util.js';

/** Words that name what authenticates a message: a forged one is what an attacker tries. */
const MAC_WORDS: ReadonlySet<string> = new Set([
  'sig',
  'sigs',
  'signature',
  'signatures',
  'hmac',
  'mac',
  'digest',
]);
/** Words that name a secret that is checked by comparison: a token, a password hash, a one-time code. */
const SECRET_WORDS: ReadonlySet<string> = new Set([
  'token',
  'hash',
  'secret',
  'password',
  'passwd',
  'otp',
  'csrf',
]);

/**
 * The snippet computes MACs, signatures or digests: without that, `mac == other.mac` may be a network
 * address, and `sig` any abbreviation.
 */
const JS_CRYPTO =
  /\b(createHmac|createHash|createSign|createVerify|subtle\.(sign|digest))\b|['"](node:)?crypto['"]/;
const CRYPTO: Readonly<Partial<Record<LanguageId, RegExp>>> = {
  javascript: JS_CRYPTO,
  typescript: JS_CRYPTO,
  tsx: JS_CRYPTO,
  python: /\b(hmac|hashlib)\b/,
  go: /"crypto\/|\b(hmac|sha256|sha512|sha1|md5)\.(New|Sum)/,
  java: /\b(Mac|MessageDigest|Signature)\.getInstance\b|\bjavax\.crypto\b/,
  csharp: /\bHMAC(SHA\d+|MD5)\b|\bSystem\.Security\.Cryptography\b|\bComputeHash\b/,
  rust: /\b(hmac|sha2|sha1|ring|blake2|blake3)::|\bMac::|\.finalize\(\)/,
};

/** How to compare in constant time, in each language's own library. */
function fixFor(language: LanguageId): string {
  switch (language) {
    case 'python':
      return '`hmac.compare_digest(a, b)`';
    case 'go':
      return '`hmac.Equal(a, b)` on byte slices, or `subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1` on strings';
    case 'java':
      return '`MessageDigest.isEqual(a, b)` on their bytes';
    case 'csharp':
      return '`CryptographicOperations.FixedTimeEquals(a, b)` on their bytes';
    case 'rust':
      return 'a constant-time comparison such as the `subtle` crate’s `a.ct_eq(b)`';
    default:
      return '`crypto.timingSafeEqual(a, b)` on two Buffers, after checking their lengths are equal (it throws when they differ, and a length is no secret)';
  }
}

/** An operand that gives away nothing by its comparison time: a literal, a length, a type test. */
const HARMLESS =
  /^(['"`].*['"`]|b?'.*'|\d[\d_.]*|null|None|nil|undefined|true|false|True|False)$|(\.length|\.Length|\.Count|\.len\(\)|\.size\(\))$|^(len|typeof)\b|^typeof\s/;

/** The two sides of an equality test, and how it is written; undefined for anything else. */
function comparedSides(language: LanguageId, node: Node): { a: Node; b: Node; how: string } | undefined {
  if (node.type === 'binary_expression') {
    const op = node.childForFieldName('operator')?.text ?? node.child(1)?.text;
    // Java's `==` on objects compares references: a different mistake, told elsewhere.
    if (language === 'java' || !op || !/^(==|===|!=|!==)$/.test(op)) return undefined;
    const a = node.childForFieldName('left');
    const b = node.childForFieldName('right');
    return a && b ? { a, b, how: op } : undefined;
  }
  if (node.type === 'comparison_operator') {
    const operands = node.namedChildren.filter((c): c is Node => c !== null && !c.type.includes('comment'));
    const ops = node.children.filter((c) => c !== null && !c.isNamed).map((c) => c!.text);
    if (operands.length !== 2 || ops.length !== 1 || !/^(==|!=)$/.test(ops[0]!)) return undefined;
    return { a: operands[0]!, b: operands[1]!, how: ops[0]! };
  }
  const callee = calleeText(node);
  const args = callArguments(node);
  // `bytes.Equal(a, b)`, `Arrays.equals(a, b)`, `string.Equals(a, b)`.
  if (
    /^(bytes\.Equal|reflect\.DeepEqual|Arrays\.equals|String\.Equals|string\.Equals|Objects\.equals)$/.test(
      callee,
    )
  )
    return args.length === 2 ? { a: args[0]!, b: args[1]!, how: callee } : undefined;
  // `a.equals(b)`, `a.Equals(b)`, Node's `buf.equals(other)`, LINQ's `a.SequenceEqual(b)`.
  const method = /^(.+)\.(equals|Equals|SequenceEqual)$/.exec(callee);
  if (method && args.length === 1) {
    const fn = node.childForFieldName('function') ?? node.childForFieldName('object');
    const receiver =
      fn?.type === 'member_expression' || fn?.type === 'member_access_expression'
        ? (fn.childForFieldName('object') ?? fn.childForFieldName('expression'))
        : node.childForFieldName('object');
    return receiver ? { a: receiver, b: args[0]!, how: `.${method[2]}` } : undefined;
  }
  return undefined;
}

/** `SecureEquals`, `constant_time_compare`, `slowEquals`, `timingSafeEqual`: a comparison meant to take constant time. */
function CONSTANT_TIME_NAME(words: readonly string[]): boolean {
  const compares = words.some((w) => /^(eq|equal|equals|compare|cmp|matches)$/.test(w));
  const constant = words.some((w) => /^(secure|constant|const|slow|timing|safe|fixed|ct)$/.test(w));
  return compares && constant;
}

/**
 * How a comparison loop leaves before its last byte: its condition also tests the difference found so far
 * (`i < n && diff == 0`), or its body breaks or returns. Undefined when it runs to the end.
 */
function leavesEarly(loop: Node): string | undefined {
  const condition = loop.childForFieldName('condition');
  const body = loop.childForFieldName('body');
  if (!body) return undefined;
  const accumulated = [...body.text.matchAll(/([A-Za-z_$][\w$]*)\s*(?:\|=|\+=|=\s*\1\s*\|)/g)].map(
    (m) => m[1]!,
  );
  const tested = condition?.text.match(
    /(?:&&|\band\b)\s*\(?\s*!?\s*([A-Za-z_$][\w$]*)\s*(?:==\s*0)?\s*\)?\s*\)?$/,
  );
  if (tested && accumulated.includes(tested[1]!)) return `also tests \`${tested[1]}\` in its condition`;
  const jump = body.descendantsOfType([
    'break_statement',
    'return_statement',
    'break_expression',
    'return_expression',
  ]);
  const own = jump.filter((j) => {
    for (let p = j.parent; p && p.id !== loop.id; p = p.parent)
      if (/function|lambda|arrow/.test(p.type)) return false;
    return true;
  });
  return own.length
    ? `leaves by the \`${own[0]!.text.split(/[\s;]/)[0]}\` on line ${lineOf(own[0]!)}`
    : undefined;
}

/** The words of every name in an operand: `Buffer.from(computedSig)` → buffer, from, computed, sig. */
function wordsIn(node: Node): string[] {
  return [...node.text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)].flatMap((m) => nameWords(m[0]));
}

/**
 * A signature, MAC, digest or secret token compared with `==`, `===`, `.equals`
 * or `bytes.Equal`: the comparison stops at the first byte that differs, so
 * how long it takes tells an attacker how much of a forged value is right.
 */
export const timingUnsafeCompare: Rule = {
  meta: {
    id: 'security/timing-unsafe-compare',
    type: 'security',
    severity: 'high',
    languages: ['javascript', 'typescript', 'tsx', 'python', 'go', 'java', 'csharp', 'rust'],
    docs: {
      description:
        'A signature, MAC, digest or secret token compared with an ordinary equality test, in code that computes them: its time leaks how much of a forged value is right.',
      cwe: 'CWE-208',
      examples: [
        {
          language: 'javascript',
          bad: "const crypto = require('crypto');\n\nfunction verify(payload, signature, key) {\n  const expected = crypto.createHmac('sha256', key).update(payload).digest('hex');\n  return signature === expected;\n}\n",
          good: "const crypto = require('crypto');\n\nfunction verify(payload, signature, key) {\n  const expected = Buffer.from(crypto.createHmac('sha256', key).update(payload).digest('hex'));\n  const given = Buffer.from(signature);\n  return given.length === expected.length && crypto.timingSafeEqual(given, expected);\n}\n",
        },
        {
          language: 'python',
          bad: 'import hashlib, hmac\n\ndef verify(payload, signature, key):\n    digest = hmac.new(key, payload, hashlib.sha256).hexdigest()\n    return digest == signature\n',
          good: 'import hashlib, hmac\n\ndef verify(payload, signature, key):\n    digest = hmac.new(key, payload, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(digest, signature)\n',
        },
      ],
    },
    messages: {
      earlyExit:
        'CWE-208: {{name}} is named as a constant-time comparison, but the loop on line {{line}} {{how}}, so it stops at the first byte that differs: the time it takes tells an attacker where that is, and a forged value can be found byte by byte. Let the loop run over every byte, OR-ing each difference into one result, and test that result once, after the loop (or use {{fix}}).',
      unsafeCompare:
        'CWE-208: {{comparison}} on line {{line}} compares {{what}} with {{how}}, which stops at the first byte that differs: the time it takes tells an attacker how much of a forged value is right, so a valid one can be found byte by byte. Compare in constant time instead, with {{fix}}{{negated}}.',
    },
  },
  create(context) {
    const { language } = context;
    const crypto = CRYPTO[language];
    // A loop in a function named for comparing in constant time (`SecureEquals`, `constant_time_eq`):
    // its name is the evidence of intent, whatever the snippet computes.
    const loop = (node: Node) => {
      const fn = enclosingFunction(node);
      const name = fn?.childForFieldName('name')?.text;
      if (!name || !CONSTANT_TIME_NAME(nameWords(name))) return;
      const how = leavesEarly(node);
      if (!how || inTestCode(context.facts, lineOf(node))) return;
      context.report({
        node,
        messageId: 'earlyExit',
        data: { name: `\`${name}\``, line: lineOf(node), how, fix: fixFor(language) },
      });
    };
    const loops = {
      for_statement: loop,
      for_expression: loop,
      while_statement: loop,
      while_expression: loop,
      for_in_statement: loop,
      foreach_statement: loop,
      enhanced_for_statement: loop,
      do_statement: loop,
    };
    // Without MACs, signatures or digests computed here, the names prove nothing.
    if (!crypto || !crypto.test(context.code)) return loops;
    const visit = (node: Node) => {
      const sides = comparedSides(language, node);
      if (!sides) return;
      const { a, b, how } = sides;
      if ([a, b].some((side) => HARMLESS.test(side.text.trim()))) return;
      if (inTestCode(context.facts, lineOf(node))) return;
      const words = [...wordsIn(a), ...wordsIn(b)];
      const mac = words.some((w) => MAC_WORDS.has(w));
      // A token or hash counts only where the function around the test computes one itself.
      const secret =
        !mac && words.some((w) => SECRET_WORDS.has(w)) && crypto.test(enclosingFunction(node)?.text ?? '');
      if (!mac && !secret) return;
      context.report({
        node,
        messageId: 'unsafeCompare',
        data: {
          comparison: code(node.text, 70),
          line: lineOf(node),
          what: mac ? 'a signature, MAC or digest' : 'a secret value',
          how: `\`${how}\``,
          fix: fixFor(language),
          negated: how.startsWith('!') ? ', negated, as this test asks whether they differ' : '',
        },
      });
    };
    return {
      ...loops,
      binary_expression: visit,
      comparison_operator: visit,
      call_expression: visit,
      call: visit,
      method_invocation: visit,
      invocation_expression: visit,
    };
  },
};
