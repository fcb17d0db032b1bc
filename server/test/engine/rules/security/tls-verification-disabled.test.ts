import { tlsVerificationDisabled } from '../../../../src/engine/rules/security/tls-verification-disabled.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'python',
    why: 'verification turned off on a requests Session',
    code: lines(
      'import requests',
      'def client():',
      '    session = requests.Session()',
      '    session.verify = False',
      '    return session',
      '',
    ),
    errors: [
      {
        line: 4,
        messageId: 'verifyFalse',
        says: /`session\.verify = False` on line 4 turns off certificate verification/,
      },
    ],
  },
  {
    language: 'python',
    code: lines('import requests', 'def fetch(url):', '    return requests.get(url, verify=False)', ''),
    errors: [
      {
        line: 3,
        messageId: 'verifyFalse',
        says: /^CWE-295: `verify=False` on line 3 turns off certificate verification/,
      },
    ],
  },
  {
    language: 'javascript',
    code: lines('const agent = new https.Agent({ rejectUnauthorized: false });'),
    errors: [
      { line: 1, messageId: 'rejectUnauthorizedFalse', says: /^CWE-295: `rejectUnauthorized: false`/ },
    ],
  },
  {
    language: 'typescript',
    code: "process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';",
    errors: [{ line: 1, messageId: 'processWideOff', says: /for every connection the process makes/ }],
  },
  {
    language: 'tsx',
    code: 'const res = await fetch(url, { agent: new Agent({ rejectUnauthorized: false }) });',
    errors: [{ line: 1, messageId: 'rejectUnauthorizedFalse', says: /turns off certificate verification/ }],
  },
  {
    language: 'go',
    code: lines('package m', 'import "crypto/tls"', 'var cfg = &tls.Config{InsecureSkipVerify: true}', ''),
    errors: [
      {
        line: 3,
        messageId: 'insecureSkipVerify',
        says: /^CWE-295: `InsecureSkipVerify: true` on line 3 skips certificate verification/,
      },
    ],
  },
  {
    language: 'java',
    why: 'a trust manager that trusts every certificate, and Apache HttpClient with a no-op host-name verifier',
    code: lines(
      'class Insecure {',
      '  static final TrustManager[] TRUST_ALL = new TrustManager[] {',
      '    new X509TrustManager() {',
      '      public void checkClientTrusted(X509Certificate[] chain, String authType) {}',
      '      public void checkServerTrusted(X509Certificate[] chain, String authType) {',
      '        // trust everyone',
      '      }',
      '      public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }',
      '    }',
      '  };',
      '  CloseableHttpClient client() {',
      '    return HttpClients.custom().setSSLHostnameVerifier(NoopHostnameVerifier.INSTANCE).build();',
      '  }',
      '}',
    ),
    errors: [
      { line: 5, messageId: 'trustAll', says: /checkServerTrusted` is empty/ },
      { line: 12, messageId: 'anyHostname' },
    ],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  void f(HttpsURLConnection c) {',
      '    c.setHostnameVerifier((host, session) -> true);',
      '  }',
      '}',
    ),
    errors: [{ line: 3, messageId: 'anyHostname', says: /accepts any host name/ }],
  },
  {
    language: 'python',
    code: lines(
      'import ssl',
      'def context():',
      '    ctx = ssl._create_unverified_context()',
      '    ctx.check_hostname = False',
      '    ctx.verify_mode = ssl.CERT_NONE',
      '    return ctx',
      '',
    ),
    errors: [
      {
        line: 3,
        messageId: 'unverifiedContext',
        says: /^CWE-295: `ssl\._create_unverified_context\(\)` on line 3 creates an SSL context that checks no certificate.*`ssl\.create_default_context\(\)`/,
      },
      {
        line: 4,
        messageId: 'hostnameCheckOff',
        says: /`ctx\.check_hostname = False` on line 4 turns off host-name checking/,
      },
      {
        line: 5,
        messageId: 'certNone',
        says: /accepts any certificate \(`CERT_NONE`\).*keep `CERT_REQUIRED`/,
      },
    ],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  void f() {',
      '    HttpsURLConnection.setDefaultHostnameVerifier(NoopHostnameVerifier.INSTANCE);',
      '  }',
      '}',
    ),
    focused: true,
    why: 'an allow-all verifier for every connection, with security in focus',
    errors: [{ line: 3, messageId: 'anyHostname' }],
  },
];

invalid.push({
  language: 'csharp',
  why: 'validation callbacks that accept everything: a lambda, an anonymous method, the accept-any validator',
  code: lines(
    'class Clients {',
    '  HttpClient Make(HttpClientHandler handler) {',
    '    handler.ServerCertificateCustomValidationCallback = (message, cert, chain, errors) => true;',
    '    ServicePointManager.ServerCertificateValidationCallback += delegate { return true; };',
    '    var other = new HttpClientHandler { ServerCertificateCustomValidationCallback = HttpClientHandler.DangerousAcceptAnyServerCertificateValidator };',
    '    return new HttpClient(handler);',
    '  }',
    '}',
  ),
  errors: [
    {
      line: 3,
      messageId: 'acceptAnyCertificate',
      says: /^CWE-295: .* on line 3 is a certificate validation callback that accepts every certificate/,
    },
    { line: 4, messageId: 'acceptAnyCertificate' },
    { line: 5, messageId: 'acceptAnyCertificate' },
  ],
});

const valid: ValidCase[] = [
  {
    language: 'csharp',
    why: 'a callback that checks the errors',
    code: lines(
      'class Clients {',
      '  void Make(HttpClientHandler handler) {',
      '    handler.ServerCertificateCustomValidationCallback = (message, cert, chain, errors) => errors == SslPolicyErrors.None;',
      '  }',
      '}',
    ),
  },
  {
    language: 'python',
    why: 'a private CA bundle on the session; a model flag named verify',
    code: lines(
      'import requests',
      'def client(form):',
      '    session = requests.Session()',
      '    session.verify = "/etc/ssl/internal-ca.pem"',
      '    form.verify = False',
      '    return session',
      '',
    ),
  },
  {
    language: 'java',
    why: 'a trust manager that checks, and throws when the chain is not trusted',
    code: lines(
      'class Pinned implements X509TrustManager {',
      '  public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {',
      '    if (!pins.contains(fingerprint(chain[0]))) throw new CertificateException("unknown certificate");',
      '  }',
      '}',
    ),
  },
  {
    language: 'python',
    code: lines(
      'import requests',
      'def fetch(url):',
      '    return requests.get(url, verify="/etc/ca.pem")',
      '',
    ),
    why: 'a CA bundle',
  },
  {
    language: 'go',
    code: lines('package m', 'import "crypto/tls"', 'var cfg = &tls.Config{InsecureSkipVerify: false}', ''),
    why: 'verification kept',
  },
  {
    language: 'javascript',
    code: lines(
      "const agent = new https.Agent({ rejectUnauthorized: true, ca: fs.readFileSync('ca.pem') });",
      "process.env.NODE_TLS_REJECT_UNAUTHORIZED = '1';",
    ),
    focused: true,
    why: 'verification kept, with security in focus',
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  void f(HttpsURLConnection c) {',
      '    c.setHostnameVerifier((host, session) -> host.equals("api.example.com"));',
      '  }',
      '}',
    ),
    why: 'a verifier that checks the host',
  },
];

ruleTester(tlsVerificationDisabled, { valid, invalid });
