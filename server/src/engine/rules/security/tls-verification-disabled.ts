import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { calleeText, code, keywordArgument, lineOf, stringContent } from '../util.js';

/** Python calls whose `verify=False` turns certificate checks off (requests, httpx and their sessions and clients). */
const PY_HTTP =
  /^(requests|httpx|session|s|client|self\.session|self\.client)\.(get|post|put|patch|delete|head|options|request|Client|AsyncClient|Session)$|^(httpx\.(Client|AsyncClient)|requests\.Session)$/;

/** TLS certificate or host-name verification turned off. */
export const tlsVerificationDisabled: Rule = {
  meta: {
    id: 'security/tls-verification-disabled',
    type: 'security',
    severity: 'high',
    languages: ['python', 'javascript', 'typescript', 'tsx', 'go', 'java'],
    docs: {
      description:
        'verify=False, rejectUnauthorized: false, NODE_TLS_REJECT_UNAUTHORIZED=0, InsecureSkipVerify: true, unverified SSL contexts and allow-all host-name verifiers.',
      cwe: 'CWE-295',
    },
  },
  create(context) {
    const report = (node: Node, what: string, fix: string) =>
      context.report({
        node,
        message: `CWE-295: ${code(node.text, 50)} on line ${lineOf(node)} ${what}, so anyone on the network path can pose as the server and read or change the traffic. Instead, ${fix}.`,
      });
    switch (context.language) {
      case 'python':
        return {
          call(node) {
            const callee = calleeText(node);
            const verify = keywordArgument(node, 'verify');
            if (verify?.text === 'False' && PY_HTTP.test(callee))
              report(
                verify.parent ?? verify,
                'turns off certificate verification',
                'keep `verify` on, and pass `verify="/path/to/ca.pem"` if the server uses a private CA',
              );
            if (/^ssl\._create_unverified_context$/.test(callee))
              report(
                node,
                'creates an SSL context that checks no certificate',
                'use `ssl.create_default_context()` (with `cafile=` for a private CA)',
              );
          },
          assignment(node) {
            const left = node.childForFieldName('left')?.text ?? '';
            const right = node.childForFieldName('right')?.text ?? '';
            if (/\.check_hostname$/.test(left) && right === 'False')
              report(node, 'turns off host-name checking', 'leave `check_hostname` on');
            if (/\.verify_mode$/.test(left) && /(^|\.)CERT_NONE$/.test(right))
              report(node, 'accepts any certificate (`CERT_NONE`)', 'keep `CERT_REQUIRED`');
          },
        };
      case 'go':
        return {
          keyed_element(node) {
            const [key, value] = node.namedChildren;
            if (key?.text === 'InsecureSkipVerify' && value?.text === 'true')
              report(
                node,
                'skips certificate verification',
                'remove `InsecureSkipVerify`, and put a private CA in `RootCAs` if the server needs one',
              );
          },
        };
      case 'java':
        return {
          method_invocation(node) {
            const name = node.childForFieldName('name')?.text;
            const args = node.childForFieldName('arguments')?.namedChildren ?? [];
            const first = args[0];
            if (name !== 'setHostnameVerifier' && name !== 'setDefaultHostnameVerifier') return;
            // `(host, session) -> true` or an allow-all verifier.
            if (
              first &&
              (/NoopHostnameVerifier|ALLOW_ALL_HOSTNAME_VERIFIER/.test(first.text) ||
                (first.type === 'lambda_expression' && first.childForFieldName('body')?.text === 'true'))
            )
              report(node, 'accepts any host name', 'keep the default host-name verifier');
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
              report(
                node,
                'turns off certificate verification',
                'keep `rejectUnauthorized` on, and pass the private CA in `ca` if the server needs one',
              );
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
              report(
                node,
                'turns off certificate verification for every connection the process makes',
                'remove it, and give the private CA through `NODE_EXTRA_CA_CERTS`',
              );
          },
        };
    }
  },
};
