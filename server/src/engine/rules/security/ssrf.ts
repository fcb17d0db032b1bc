import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule, RuleContext } from '../model.js';
import { TIER1, unwrap } from '../util.js';
import type { TaintAnalysis } from '../../taint/index.js';
import {
  analysisFor,
  fixesHost,
  fixedPrefix,
  leadsWithTaint,
  flowReport,
  isBuilt,
  pieces,
  resolvedValue,
  valueCode,
} from './taint-flows.js';

/** The fix for this code: check the host against a fixed allow-list before the request. */
function fixFor(language: LanguageId, value: string): string {
  switch (language) {
    case 'python':
      return `Check the host against a fixed allow-list before the request: stop unless \`urlparse(${value}).hostname in ALLOWED_HOSTS\` (and the scheme is https).`;
    case 'java':
      return `Check the host against a fixed allow-list before the request: stop unless \`ALLOWED_HOSTS.contains(URI.create(${value}).getHost())\` (and the scheme is https).`;
    case 'go':
      return `Parse it and check the host against a fixed allow-list before the request: \`u, err := url.Parse(${value})\`, then stop unless \`err == nil && allowedHosts[u.Hostname()]\`.`;
    case 'csharp':
      return `Parse it and check the host against a fixed allow-list before the request: stop unless \`Uri.TryCreate(${value}, UriKind.Absolute, out var uri) && uri.Scheme == Uri.UriSchemeHttps && AllowedHosts.Contains(uri.Host)\`.`;
    default:
      return `Check the host against a fixed allow-list before the request: stop unless \`ALLOWED_HOSTS.has(new URL(${value}).hostname)\` (and the protocol is https:).`;
  }
}

function fixOf(language: LanguageId, value: Node): string {
  const { code, intro } = valueCode(value);
  return intro + fixFor(language, code);
}

/** Whether a built URL opens with a value rather than fixed text: `url + '/health'`, `${base}/users`. */
function startsTheUrl(context: RuleContext<object>, value: Node): boolean {
  const first = pieces(resolvedValue(context, value)).find((p) => typeof p !== 'string' || p !== '');
  return first !== undefined && typeof first !== 'string';
}

/** Options of an outgoing request that choose where it goes (Node's http, axios, got). */
const DESTINATION_KEYS = /^(host|hostname|url|baseURL|prefixUrl|href|origin|socketPath|protocol)$/;

/**
 * Whether `value` is an options object whose tainted properties are none of
 * those that choose the destination; a spread (`{ ...opts }`) could set any,
 * so it never counts as other options.
 */
function onlyInOtherOptions(analysis: TaintAnalysis, value: Node): boolean {
  const v = unwrap(value);
  if (v.type !== 'object') return false;
  for (const member of v.namedChildren) {
    if (!member || member.type === 'comment') continue;
    if (member.type === 'spread_element') return false;
    const key =
      member.type === 'pair'
        ? member.childForFieldName('key')?.text.replace(/^['"]|['"]$/g, '')
        : member.type === 'shorthand_property_identifier'
          ? member.text
          : undefined;
    if (key === undefined || key.startsWith('[')) return false;
    const carried = member.type === 'pair' ? member.childForFieldName('value') : member;
    if (carried && DESTINATION_KEYS.test(key) && analysis.originFor(carried, 'url')) return false;
  }
  return true;
}

/** A request sent to a URL that outside input chooses. */
export const ssrf: Rule = {
  meta: {
    id: 'security/ssrf',
    type: 'security',
    severity: 'high',
    languages: [...TIER1, 'csharp'],
    docs: {
      description:
        'A value from a request (or a parameter) used as the URL of an outgoing request with no allow-list check of its host. The command line and the environment are not reported: whoever sets them already runs the program.',
      cwe: 'CWE-918',
      examples: [
        {
          language: 'python',
          bad: 'import requests\nfrom flask import request\n\n@app.route("/preview")\ndef preview():\n    url = request.args["url"]\n    return requests.get(url, timeout=5).text\n',
          good: 'import requests\nfrom urllib.parse import urlparse\nfrom flask import request, abort\n\nALLOWED_HOSTS = {"images.example.com"}\n\n@app.route("/preview")\ndef preview():\n    url = request.args["url"]\n    if urlparse(url).hostname not in ALLOWED_HOSTS:\n        abort(400)\n    return requests.get(url, timeout=5).text\n',
        },
      ],
    },
    messages: {
      untrusted:
        'CWE-918: {{value}} comes from {{source}} (line {{sourceLine}}) and is the URL {{sink}} requests (line {{sinkLine}}), so a caller can make this server fetch internal addresses (cloud metadata at 169.254.169.254, admin ports on localhost). {{fix}}',
      parameter:
        'CWE-918: {{value}} is {{source}} (line {{sourceLine}}) and is the URL {{sink}} requests (line {{sinkLine}}) with no check of its host; if a caller passes request input, it can make this server fetch internal addresses. {{fix}}',
    },
  },
  create(context) {
    return {
      'Program:exit'() {
        const analysis = analysisFor(context);
        if (!analysis) return;
        for (const flow of analysis.flows(['url'])) {
          const { data, severity, untrusted } = flowReport(flow, 'low');
          // Argv, the environment or a file the operator wrote: whoever chooses it already runs the program.
          if (untrusted && !flow.origin.source.remote) continue;
          // `https.get({ host: 'api.example.org', path })`: input in the path or headers does not choose the host.
          if (onlyInOtherOptions(analysis, flow.value)) continue;
          // A fixed scheme and host leave the input only a path on that host.
          if (fixesHost(fixedPrefix(resolvedValue(context, flow.value)))) continue;
          // `${API}/users/${id}`: the input chooses a path on a host it does not choose.
          if (!leadsWithTaint(context, analysis, flow.value)) continue;
          // A parameter that is the whole URL, or its start (`base + '/health'`), is the caller's choice of
          // server; one built into a URL after fixed text (`'http://' + host`) is reported.
          if (!untrusted && (!isBuilt(context, flow.value, flow.sink) || startsTheUrl(context, flow.value)))
            continue;
          context.report({
            node: flow.sink,
            messageId: untrusted ? 'untrusted' : 'parameter',
            data: { ...data, fix: fixOf(context.language, flow.value) },
            severity,
          });
        }
      },
    };
  },
};
