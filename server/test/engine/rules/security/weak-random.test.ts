import { weakRandom } from '../../../../src/engine/rules/security/weak-random.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'javascript',
    code: 'const token = Math.random().toString(36).slice(2);',
    errors: [
      {
        line: 1,
        messageId: 'storedAsSecret',
        data: { name: 'token' },
        says: /^CWE-338: `Math\.random\(\)` on line 1 is stored in `token`.*crypto\.randomBytes/,
      },
    ],
  },
  {
    language: 'typescript',
    code: lines('function generatePassword(): string {', '  return String(Math.random());', '}'),
    errors: [{ line: 2, messageId: 'usedBySecretFunction', says: /is used by `generatePassword`/ }],
  },
  {
    language: 'tsx',
    code: 'const sessionId = Math.floor(Math.random() * 1e9);',
    errors: [{ line: 1, messageId: 'storedAsSecret', says: /stored in `sessionId`/ }],
  },
  {
    language: 'python',
    code: lines(
      'import random',
      'def make_reset_token():',
      '    return "%06d" % random.randint(0, 999999)',
      '',
    ),
    errors: [
      {
        line: 3,
        messageId: 'usedBySecretFunction',
        says: /used by `make_reset_token`, but Python's `random` module .*secrets/,
      },
    ],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  private final Random rnd = new Random();',
      '  String salt() {',
      '    return Integer.toString(rnd.nextInt());',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 4,
        messageId: 'usedBySecretFunction',
        says: /used by `salt`, but `rnd`, a `java\.util\.Random`, .*SecureRandom/,
      },
    ],
  },
  {
    language: 'go',
    code: lines('package m', 'import "math/rand"', 'func NewToken() int {', '\treturn rand.Int()', '}', ''),
    errors: [
      {
        line: 4,
        messageId: 'usedBySecretFunction',
        says: /used by `NewToken`, but `math\/rand` .*crypto\/rand/,
      },
    ],
  },
  // With security in focus, a weak generator is reported wherever it is used, at low severity.
  {
    language: 'javascript',
    code: 'const delay = Math.random() * 1000;\nconst key = Math.random();\nfunction tokenize(s) { return s.split(Math.random() > 0.5 ? " " : ","); }',
    focused: true,
    why: 'names that are not secrets, with security in focus',
    errors: [
      {
        line: 1,
        messageId: 'weakGenerator',
        severity: 'low',
        says: /^CWE-338: `Math\.random\(\)` on line 1 comes from a generator that is not cryptographically secure: .*if it must be unguessable .*crypto\.randomBytes/,
        saysNot: /stored in|used by/,
      },
      { line: 2, messageId: 'weakGenerator', severity: 'low' },
      { line: 3, messageId: 'weakGenerator', severity: 'low' },
    ],
  },
  {
    language: 'python',
    code: 'import random\ncolor = random.choice(colors)\napi_token = random.getrandbits(64)\n',
    focused: true,
    why: 'a named secret keeps its high severity, with security in focus',
    errors: [
      {
        line: 2,
        messageId: 'weakGenerator',
        severity: 'low',
        says: /^CWE-338: `random\.choice\(colors\)` on line 2 comes from a generator that is not cryptographically secure \(Python's `random` module\): .*secrets module/,
      },
      { line: 3, messageId: 'storedAsSecret', says: /stored in `api_token`/ },
    ],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  private final Random rnd = new Random();',
      '  int roll() {',
      '    return rnd.nextInt(6);',
      '  }',
      '}',
    ),
    focused: true,
    why: 'a dice roll, with security in focus',
    errors: [
      {
        line: 4,
        messageId: 'weakGenerator',
        severity: 'low',
        says: /`rnd\.nextInt\(6\)` on line 4 comes from a generator that is not cryptographically secure \(`rnd`, a `java\.util\.Random`\): /,
      },
    ],
  },
  {
    language: 'go',
    code: lines('package m', 'import "math/rand"', 'func Jitter() int {', '\treturn rand.Intn(100)', '}', ''),
    focused: true,
    why: 'jitter, with security in focus',
    errors: [{ line: 4, messageId: 'weakGenerator', severity: 'low', says: /`math\/rand`.*crypto\/rand/ }],
  },
];

invalid.push({
  language: 'java',
  why: 'a password-reset code is a one-time secret',
  code: lines(
    'class PasswordReset {',
    '  String newResetCode() {',
    '    String resetCode = String.valueOf((int) (Math.random() * 1_000_000));',
    '    return resetCode;',
    '  }',
    '}',
  ),
  errors: [{ line: 3, messageId: 'storedAsSecret', says: /stored in `resetCode`/ }],
});

const valid: ValidCase[] = [
  {
    language: 'javascript',
    code: 'const code = Math.floor(Math.random() * 3);\nconst colorCode = Math.random();',
    why: 'a code that is not a one-time secret',
  },
  {
    language: 'javascript',
    code: 'const delay = Math.random() * 1000;\nconst key = Math.random();\nfunction tokenize(s) { return s.split(Math.random() > 0.5 ? " " : ","); }',
    why: 'names that are not secrets',
  },
  {
    language: 'python',
    code: 'import random\ncolor = random.choice(colors)\n',
    why: 'not a secret',
  },
  {
    language: 'go',
    code: 'package m\nimport "crypto/rand"\nfunc NewToken(b []byte) { rand.Read(b) }\n',
    why: 'crypto/rand',
  },
  {
    language: 'java',
    code: 'class A { SecureRandom r = new SecureRandom(); String token() { return "" + r.nextInt(); } }',
    why: 'SecureRandom',
  },
  {
    language: 'go',
    code: 'package m\nimport "crypto/rand"\nfunc Fill(b []byte) { rand.Read(b) }\n',
    focused: true,
    why: 'crypto/rand, with security in focus',
  },
  {
    language: 'typescript',
    code: "import { randomUUID } from 'node:crypto';\nconst requestId = randomUUID();",
    focused: true,
    why: 'a secure generator, with security in focus',
  },
];

ruleTester(weakRandom, { valid, invalid });
