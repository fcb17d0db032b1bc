import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';
import { analysisFor, flowReport, isBuilt, valueCode } from './taint-flows.js';

/** The fix for this code: resolve the path and check it stays inside the base folder, in the language's idiom. */
function fixFor(language: LanguageId, value: string): string {
  switch (language) {
    case 'python':
      return `Resolve it against the folder it must stay in and refuse anything outside: \`path = os.path.realpath(os.path.join(BASE_DIR, ${value}))\`, then stop unless \`path.startswith(BASE_DIR + os.sep)\` (with BASE_DIR itself a real path).`;
    case 'java':
      return `Resolve it against the folder it must stay in and refuse anything outside: \`Path file = baseDir.resolve(${value}).normalize()\`, then stop unless \`file.startsWith(baseDir)\`.`;
    case 'go':
      return `Join it to the folder it must stay in (Join cleans the path) and refuse anything outside: \`p := filepath.Join(baseDir, ${value})\`, then stop unless \`strings.HasPrefix(p, baseDir+string(filepath.Separator))\`.`;
    default:
      return `Resolve it against the folder it must stay in and refuse anything outside: \`const file = path.resolve(baseDir, ${value})\`, then stop unless \`file.startsWith(baseDir + path.sep)\` (or send it with \`res.sendFile(${value}, { root: baseDir })\`).`;
  }
}

function fixOf(language: LanguageId, value: Node): string {
  const { code, intro } = valueCode(value);
  return intro + fixFor(language, code);
}

/** A file path built from input opened without a containment check. */
export const pathTraversal: Rule = {
  meta: {
    id: 'security/path-traversal',
    type: 'security',
    severity: 'high',
    languages: TIER1,
    docs: {
      description:
        'A value from a request, the command line or the environment (or a parameter) used as a file path without normalising it and checking it stays inside a base folder.',
      cwe: 'CWE-22',
      examples: [
        {
          language: 'javascript',
          bad: "const fs = require('fs');\napp.get('/file', (req, res) => {\n  fs.readFile('/srv/files/' + req.query.name, (err, data) => res.send(data));\n});\n",
          good: "const fs = require('fs');\nconst path = require('path');\nconst BASE = '/srv/files';\napp.get('/file', (req, res) => {\n  const file = path.resolve(BASE, req.query.name);\n  if (!file.startsWith(BASE + path.sep)) return res.sendStatus(404);\n  fs.readFile(file, (err, data) => res.send(data));\n});\n",
        },
      ],
    },
    messages: {
      untrusted:
        'CWE-22: {{value}} comes from {{source}} (line {{sourceLine}}) and reaches {{sink}} (line {{sinkLine}}) as a file path, so a value such as ../../etc/passwd reaches files outside the folder meant. {{fix}}',
      parameter:
        'CWE-22: {{value}} is {{source}} (line {{sourceLine}}) and reaches {{sink}} (line {{sinkLine}}) as a file path with no check; if a caller passes request input, a value such as ../../etc/passwd reaches files outside the folder meant. {{fix}}',
    },
  },
  create(context) {
    return {
      'Program:exit'() {
        const analysis = analysisFor(context);
        for (const flow of analysis?.flows(['path']) ?? []) {
          const { data, severity, untrusted } = flowReport(flow, 'low');
          // A parameter that is the whole path is the caller's choice of file; one joined under a folder is a name meant to stay in it.
          if (!untrusted && !isBuilt(context, flow.value, flow.sink, true)) continue;
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
