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
  {
    language: 'go',
    why: 'a literal converted to bytes keeps its text',
    code: lines('package m', 'var jwtSecret = []byte("supersecretkey-prod")', ''),
    errors: [
      {
        line: 2,
        messageId: 'secretLiteral',
        says: /`jwtSecret` on line 2 is set to a string literal \(19 characters\)/,
      },
    ],
  },
  {
    language: 'java',
    why: 'a setter storing a literal under a key that names a secret',
    code: lines(
      'class Mail {',
      '  Properties smtp() {',
      '    Properties props = new Properties();',
      '    props.put("mail.smtp.user", "alerts");',
      '    props.put("mail.smtp.password", "Sup3r-S3cret-Mail!");',
      '    return props;',
      '  }',
      '}',
    ),
    errors: [{ line: 5, messageId: 'secretLiteral', says: /`mail\.smtp\.password` on line 5/ }],
  },
  {
    language: 'go',
    code: lines('package m', 'import "os"', 'func init() { os.Setenv("API_KEY", "k-29fj20fj2") }', ''),
    errors: [{ line: 3, messageId: 'secretLiteral' }],
  },
  {
    language: 'python',
    why: 'a password inside a connection URL',
    code: 'DATABASE_URL = "postgresql://billing:Xk29!vQp7mZr@db.internal:5432/billing"\n',
    errors: [
      {
        line: 1,
        messageId: 'urlPassword',
        says: /^CWE-798: the connection URL on line 1 carries the password of `billing` \(12 characters\)/,
      },
    ],
  },
  {
    language: 'javascript',
    code: "const client = new MongoClient('mongodb://app:q8Zt3vLw0pQ@mongo.internal:27017/shop');",
    errors: [{ line: 1, messageId: 'urlPassword' }],
  },
];

const valid: ValidCase[] = [
  {
    language: 'go',
    why: 'test data in a Go test',
    code: lines(
      'package m',
      '',
      'import "testing"',
      '',
      'func TestLogin(t *testing.T) {',
      '\tcases := []struct{ user, password string }{',
      '\t\t{user: "admin", password: "hunter22"},',
      '\t}',
      '\t_ = cases',
      '}',
      '',
    ),
  },
  {
    language: 'python',
    why: 'test data in a pytest test and a fixture',
    code: lines(
      'import pytest',
      '',
      '@pytest.fixture',
      'def account():',
      '    return Account(password="hunter22")',
      '',
      'def test_login(client):',
      '    api_key = "sk_test_abcdef123456"',
      '    assert client.login(api_key)',
      '',
    ),
  },
  {
    language: 'typescript',
    why: 'test data in a mocha test',
    code: lines(
      "it('signs in', async () => {",
      "  const password = 'plumtractor9';",
      "  const token = 'tok_0123456789abcdef';",
      '  await signIn(password, token);',
      '});',
    ),
  },
  {
    language: 'python',
    why: 'connection URLs with no password, a local default, a placeholder, a formatted password',
    code: lines(
      'A = "postgresql://billing@db.internal/billing"',
      'B = "postgresql://postgres:postgres@localhost/test"',
      'C = "postgresql://app:${DB_PASSWORD}@db/app"',
      'D = f"postgresql://app:{password}@db/app"',
      'E = "https://user:<password>@example.org/"',
      '',
    ),
  },
  {
    language: 'java',
    why: 'setters with keys that are not secrets, or with values that are not literals',
    code: lines(
      'class Mail {',
      '  void smtp(Properties props, String pw) {',
      '    props.put("mail.smtp.host", "smtp.example.org");',
      '    props.put("mail.smtp.password", pw);',
      '    props.setProperty("mail.smtp.password", System.getenv("SMTP_PASSWORD"));',
      '  }',
      '}',
    ),
  },
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
