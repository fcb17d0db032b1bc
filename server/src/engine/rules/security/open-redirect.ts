import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';
import {
  analysisFor,
  fixedPrefix,
  leadsWithTaint,
  fixesHost,
  fixesLocalPath,
  flowReport,
  isBuilt,
  resolvedValue,
} from './taint-flows.js';

/** The fix for this code: allow only a local path (one `/`, not `//`), else a fixed page. */
function fixFor(language: LanguageId, value: Node): string {
  const named = value.type === 'identifier';
  const v = named ? value.text : 'target';
  const text = value.text.replace(/\s+/g, ' ');
  const assign = language === 'go' ? ':=' : '=';
  const declare = language === 'csharp' ? 'var ' : '';
  // Code with backticks (a template string) cannot sit inside the message's code span.
  const first = named
    ? ''
    : text.length <= 60 && !text.includes('`')
      ? `Put it in a variable, \`${declare}${v} ${assign} ${text}\`, and `
      : `Put it in a variable \`${v}\` and `;
  const lead = named ? 'Allow' : 'allow';
  switch (language) {
    case 'python':
      return `${first}${lead} only a local path: \`if not ${v}.startswith("/") or ${v}.startswith("//"): ${v} = "/"\` before redirecting (or check it with Django's url_has_allowed_host_and_scheme).`;
    case 'java':
      return `${first}${lead} only a local path: \`if (!${v}.startsWith("/") || ${v}.startsWith("//")) ${v} = "/";\` before redirecting.`;
    case 'go':
      return `${first}${lead} only a local path: \`if !strings.HasPrefix(${v}, "/") || strings.HasPrefix(${v}, "//") { ${v} = "/" }\` before redirecting.`;
    case 'csharp':
      return `${first}${named ? 'Redirect' : 'redirect'} only to a local URL: \`if (!Url.IsLocalUrl(${v})) ${v} = "/";\` before redirecting, or use \`LocalRedirect(${v})\` (\`Results.LocalRedirect\` in a minimal API), which refuses any other site.`;
    default:
      return `${first}${lead} only a local path: \`if (!${v}.startsWith('/') || ${v}.startsWith('//')) ${v} = '/';\` before redirecting.`;
  }
}

/** A redirect to a location that outside input chooses. */
export const openRedirect: Rule = {
  meta: {
    id: 'security/open-redirect',
    type: 'security',
    severity: 'high',
    languages: [...TIER1, 'csharp'],
    docs: {
      description:
        'A value from a request (or a parameter) used as the target of a redirect with no check that it is a local path or an allowed host.',
      cwe: 'CWE-601',
      examples: [
        {
          language: 'javascript',
          bad: "app.get('/login/done', (req, res) => {\n  res.redirect(req.query.next);\n});\n",
          good: "app.get('/login/done', (req, res) => {\n  let next = String(req.query.next || '/');\n  if (!next.startsWith('/') || next.startsWith('//')) next = '/';\n  res.redirect(next);\n});\n",
        },
        {
          language: 'csharp',
          bad: 'public class AccountController : Controller\n{\n    [HttpPost]\n    public IActionResult Login(LoginModel model, string returnUrl)\n    {\n        return Redirect(returnUrl);\n    }\n}\n',
          good: 'public class AccountController : Controller\n{\n    [HttpPost]\n    public IActionResult Login(LoginModel model, string returnUrl)\n    {\n        return LocalRedirect(Url.IsLocalUrl(returnUrl) ? returnUrl : "/");\n    }\n}\n',
        },
      ],
    },
    messages: {
      untrusted:
        'CWE-601: {{value}} comes from {{source}} (line {{sourceLine}}) and is where {{sink}} sends the browser (line {{sinkLine}}), so a link to this site can forward visitors to any site (a phishing page that looks like a step of yours). {{fix}}',
      parameter:
        'CWE-601: {{value}} is {{source}} (line {{sourceLine}}) and is where {{sink}} sends the browser (line {{sinkLine}}) with no check; if a caller passes request input, a link to this site can forward visitors to any site. {{fix}}',
    },
  },
  create(context) {
    return {
      'Program:exit'() {
        const analysis = analysisFor(context);
        if (!analysis) return;
        for (const flow of analysis.flows(['redirect'])) {
          const { data, severity, untrusted } = flowReport(flow, 'low');
          // `'/items/' + id` stays on this site; `'https://example.com/' + id` on that one.
          const prefix = fixedPrefix(resolvedValue(context, flow.value));
          if (fixesLocalPath(prefix) || fixesHost(prefix)) continue;
          // `${API}/users/${id}`: the input chooses a path on a host it does not choose.
          if (!leadsWithTaint(context, analysis, flow.value)) continue;
          if (!untrusted && !isBuilt(context, flow.value, flow.sink)) continue;
          context.report({
            node: flow.sink,
            messageId: untrusted ? 'untrusted' : 'parameter',
            data: { ...data, fix: fixFor(context.language, flow.value) },
            severity,
          });
        }
      },
    };
  },
};
