import { hardcodedSecret } from '../../../../src/engine/rules/security/hardcoded-secret.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'javascript',
    code: "const apiKey = 'sk_live_51Habc';",
    errors: [
      {
        line: 1,
        messageId: 'secretLiteral',
        says: /^CWE-798: `apiKey` on line 1 is set to a string literal \(14 characters\)/,
      },
    ],
  },
  {
    language: 'typescript',
    code: lines('class Db {', '  private password = "s3cr3t-value";', '}'),
    errors: [{ line: 2, messageId: 'secretLiteral', says: /CWE-798: `password`/ }],
  },
  {
    language: 'tsx',
    code: 'const config = { clientSecret: "abcd1234efgh" };',
    errors: [{ line: 1, messageId: 'secretLiteral', says: /CWE-798: `clientSecret`/ }],
  },
  {
    language: 'python',
    code: 'DB_PASSWORD = "hunter2hunter2"\n',
    errors: [{ line: 1, messageId: 'secretLiteral', says: /CWE-798: `DB_PASSWORD`/ }],
  },
  {
    language: 'python',
    code: 'conn = connect(host="db", password="hunter22")\n',
    errors: [{ line: 1, messageId: 'secretLiteral', says: /CWE-798: `password`/ }],
  },
  {
    language: 'go',
    code: lines('package m', 'const apiKey = "abcd1234efgh"', ''),
    errors: [{ line: 2, messageId: 'secretLiteral', says: /CWE-798: `apiKey`/ }],
  },
  {
    language: 'go',
    code: lines('package m', 'var c = Config{User: "app", Password: "hunter22"}', ''),
    errors: [{ line: 2, messageId: 'secretLiteral', says: /CWE-798: `Password`/ }],
  },
  {
    language: 'java',
    code: lines('class A {', '  private static final String DB_PASSWORD = "s3cr3t-value";', '}'),
    errors: [{ line: 2, messageId: 'secretLiteral', says: /CWE-798: `DB_PASSWORD`/ }],
  },
];

const valid: ValidCase[] = [
  {
    language: 'javascript',
    code: "const password = process.env.PASSWORD;\nconst apiKey = '';\nconst labels = { password: 'Password' };\nconst passwordField = '#password';\nconst token = 'while';",
    why: 'environment, empty, label, other names',
  },
  {
    language: 'python',
    code: 'password_hint = "ask admin"\nsecret = "changeme"\npassword = "DB_PASSWORD"\napi_key = "<your api key>"\n',
    why: 'placeholders and other names',
  },
  {
    language: 'typescript',
    code: "const password = 'abc';\nconst clientSecret = `${prefix}-secret`;",
    focused: true,
    why: 'shorter than four characters; a template with a substitution; with security in focus',
  },
];

ruleTester(hardcodedSecret, { valid, invalid });
