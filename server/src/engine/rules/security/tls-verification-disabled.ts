import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { calleeText, code, keywordArgument, lineOf, stringContent } from '../util.js';

/** Python calls whose `verify=False` turns certificate checks off (requests, httpx and their sessions and clients). */
const PY_HTTP =
  /^(requests|httpx|session|s|client|self\.session|self\.client)\.(get|post|put|patch|delete|head|options|request|Client|AsyncClient|Session)$|^(httpx\.(Client|AsyncClient)|requests\.Session)$/;

/** Every finding says what was turned off and the fix for this setting; the threat between them is the same. */
const message = (what: string, fix: string) =>
  `CWE-295: {{code}} on line {{line}} ${what}, so anyone on the network path can pose as the server and read or change the traffic. Instead, ${fix}.`;

/**
 * A C# validation callback that says yes to everything: `(…) => true`,
 * `delegate { return true; }`, or the framework's own accept-any validator.
 */
function acceptsAll(callback: Node): boolean {
  if (/(^|\.)DangerousAcceptAnyServerCertificateValidator$/.test(callback.text)) return true;
  if (callback.type !== 'lambda_expression' && callback.type !== 'anonymous_method_expression') return false;
  const body = callback.childForFieldName('body') ?? callback.namedChildren[callback.namedChildCount - 1];
  if (!body) return false;
  if (body.type === 'boolean_literal') return body.text === 'true';
  if (body.type !== 'block') return false;
  const statements = body.namedChildren.filter((c) => c !== null && !c.type.endsWith('comment'));
  return (
    statements.length === 1 &&
    statements[0]!.type === 'return_statement' &&
    statements[0]!.namedChild(0)?.text === 'true'
  );
}

/** TLS certificate or host-name verification turned off. */
export const tlsVerificationDisabled: Rule = {
  meta: {
    id: 'security/tls-verification-disabled',
    type: 'security',
    severity: 'high',
    languages: ['python', 'javascript', 'typescript', 'tsx', 'go', 'java', 'csharp'],
    docs: {
      description:
        'verify=False, rejectUnauthorized: false, NODE_TLS_REJECT_UNAUTHORIZED=0, InsecureSkipVerify: true, unverified SSL contexts, trust-all trust managers and allow-all host-name verifiers.',
      cwe: 'CWE-295',
      examples: [
        {
          language: 'python',
          bad: 'import requests\n\ndef fetch_invoice(url):\n    return requests.get(url, verify=False, timeout=10).json()\n',
          good: 'import requests\n\ndef fetch_invoice(url):\n    return requests.get(url, verify="/etc/ssl/internal-ca.pem", timeout=10).json()\n',
        },
        {
          language: 'go',
          bad: 'package client\n\nimport (\n\t"crypto/tls"\n\t"net/http"\n)\n\nvar Client = &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}\n',
          good: 'package client\n\nimport (\n\t"crypto/tls"\n\t"net/http"\n)\n\nvar Client = &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{MinVersion: tls.VersionTLS12}}}\n',
        },
      ],
    },
    messages: {
      verifyFalse: message(
        'turns off certificate verification',
        'keep `verify` on, and pass `verify="/path/to/ca.pem"` if the server uses a private CA',
      ),
      unverifiedContext: message(
        'creates an SSL context that checks no certificate',
        'use `ssl.create_default_context()` (with `cafile=` for a private CA)',
      ),
      hostnameCheckOff: message('turns off host-name checking', 'leave `check_hostname` on'),
      certNone: message('accepts any certificate (`CERT_NONE`)', 'keep `CERT_REQUIRED`'),
      insecureSkipVerify: message(
        'skips certificate verification',
        'remove `InsecureSkipVerify`, and put a private CA in `RootCAs` if the server needs one',
      ),
      anyHostname: message('accepts any host name', 'keep the default host-name verifier'),
      trustAll: message(
        'is a trust manager that checks no server certificate (its `checkServerTrusted` is empty)',
        'use the default trust manager, and load a private CA into a `KeyStore` passed to `TrustManagerFactory` if the server needs one',
      ),
      rejectUnauthorizedFalse: message(
        'turns off certificate verification',
        'keep `rejectUnauthorized` on, and pass the private CA in `ca` if the server needs one',
      ),
      acceptAnyCertificate: message(
        'is a certificate validation callback that accepts every certificate',
        'remove the callback so the default validation runs; for a private CA, install it in the trust store, or in the callback accept only when `sslPolicyErrors` is `None` or the chain ends at that CA',
      ),
      processWideOff: message(
        'turns off certificate verification for every connection the process makes',
        'remove it, and give the private CA through `NODE_EXTRA_CA_CERTS`',
      ),
    },
  },
  create(context) {
    const report = (node: Node, messageId: string) =>
      context.report({ node, messageId, data: { code: code(node.text, 50), line: lineOf(node) } });
    switch (context.language) {
      case 'python':
        return {
          call(node) {
            const callee = calleeText(node);
            const verify = keywordArgument(node, 'verify');
            if (verify?.text === 'False' && PY_HTTP.test(callee))
              report(verify.parent ?? verify, 'verifyFalse');
            if (/^ssl\._create_unverified_context$/.test(callee)) report(node, 'unverifiedContext');
          },
          assignment(node) {
            const left = node.childForFieldName('left')?.text ?? '';
            const right = node.childForFieldName('right')?.text ?? '';
            // A requests Session (or httpx Client) told to skip verification for every request it sends.
            if (right === 'False' && /^(self\.)?(session|s|client|http)\.verify$/.test(left))
              report(node, 'verifyFalse');
            if (/\.check_hostname$/.test(left) && right === 'False') report(node, 'hostnameCheckOff');
            if (/\.verify_mode$/.test(left) && /(^|\.)CERT_NONE$/.test(right)) report(node, 'certNone');
          },
        };
      case 'go':
        return {
          keyed_element(node) {
            const [key, value] = node.namedChildren;
            if (key?.text === 'InsecureSkipVerify' && value?.text === 'true')
              report(node, 'insecureSkipVerify');
          },
        };
      case 'java':
        return {
          method_declaration(node) {
            // An X509TrustManager whose checkServerTrusted neither checks nor throws trusts every certificate.
            if (node.childForFieldName('name')?.text !== 'checkServerTrusted') return;
            const body = node.childForFieldName('body');
            if (body && body.namedChildren.every((c) => c === null || c.type.endsWith('comment')))
              report(node, 'trustAll');
          },
          method_invocation(node) {
            const name = node.childForFieldName('name')?.text;
            const args = node.childForFieldName('arguments')?.namedChildren ?? [];
            const first = args[0];
            if (!/^set(Default|SSL)?HostnameVerifier$/.test(name ?? '')) return;
            // `(host, session) -> true` or an allow-all verifier.
            if (
              first &&
              (/NoopHostnameVerifier|ALLOW_ALL_HOSTNAME_VERIFIER/.test(first.text) ||
                (first.type === 'lambda_expression' && first.childForFieldName('body')?.text === 'true'))
            )
              report(node, 'anyHostname');
          },
        };
      case 'csharp':
        return {
          assignment_expression(node) {
            const left = node.childForFieldName('left')?.text ?? '';
            const right = node.childForFieldName('right');
            if (
              !right ||
              !/(^|\.)(ServerCertificateCustomValidationCallback|ServerCertificateValidationCallback|RemoteCertificateValidationCallback)$/.test(
                left,
              )
            )
              return;
            if (acceptsAll(right)) report(node, 'acceptAnyCertificate');
          },
        };
      default:
        return {
          pair(node) {
            const key = node.childForFieldName('key');
            const value = node.childForFieldName('value');
            if (
              key &&
              (key.text === 'rejectUnauthorized' || stringContent(key) === 'rejectUnauthorized') &&
              value?.text === 'false'
            )
              report(node, 'rejectUnauthorizedFalse');
          },
          assignment_expression(node) {
            const left = node.childForFieldName('left')?.text ?? '';
            const right = node.childForFieldName('right');
            if (
              /process\.env(\.NODE_TLS_REJECT_UNAUTHORIZED|\[['"]NODE_TLS_REJECT_UNAUTHORIZED['"]\])$/.test(
                left,
              ) &&
              right &&
              stringContent(right) === '0'
            )
              report(node, 'processWideOff');
          },
        };
    }
  },
};
