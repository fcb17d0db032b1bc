import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { callArguments, isPlainString, stringContent, TIER1 } from '../util.js';
import { analysisFor, flowReport, valueCode } from './taint-flows.js';

/** A format that quotes its arguments (`%r`, `{!r}`, Go's `%q`) escapes the line breaks itself. */
const QUOTING_FORMAT = /%r|!r\}|%q/;

/**
 * C#'s logging APIs (Microsoft.Extensions.Logging, Serilog) take a message
 * template and the values for its holes: a value passed after a constant
 * template is a structured property, which JSON sinks store escaped; the
 * finding is input written into the template itself (`"…" + user`, `$"…{user}"`).
 */
function afterConstantTemplate(sink: Node, value: Node): boolean {
  const args = callArguments(sink);
  const at = args.findIndex((a) => a.id === value.id);
  return at > 0 && args.slice(0, at).some((a) => isPlainString(a));
}

function quotesArguments(sink: Node): boolean {
  const first = callArguments(sink)[0];
  return first !== undefined && isPlainString(first) && QUOTING_FORMAT.test(stringContent(first) ?? '');
}

/** The fix for this code: strip or escape line breaks before logging, in the language's idiom. */
function fixFor(language: LanguageId, value: string): string {
  switch (language) {
    case 'python':
      return `Log it quoted, \`logger.info("… %r", ${value})\`, or with its line breaks removed: \`${value}.replace("\\r", "").replace("\\n", "")\`.`;
    case 'java':
      return `Remove its line breaks before logging: \`${value}.replaceAll("[\\r\\n]", "")\` (or use an encoder that escapes them, such as OWASP's \`Encode.forJava\`).`;
    case 'go':
      return `Log it quoted with \`%q\` (\`log.Printf("… %q", ${value})\`), or as a structured field with log/slog, whose handlers escape it.`;
    case 'csharp':
      return `Keep the message template constant and pass the value as an argument, \`_logger.LogInformation("… {Value}", ${value}.Replace("\\r", "").Replace("\\n", ""))\`, with its line breaks removed (a JSON log sink escapes them, a plain-text one writes them as they are).`;
    default:
      return `Log it as JSON, \`JSON.stringify(${value})\`, which escapes line breaks, or remove them: \`String(${value}).replace(/[\\r\\n]/g, "")\`.`;
  }
}

/** Request input written to a log as it came, where a line break can forge entries. */
export const logInjection: Rule = {
  meta: {
    id: 'security/log-injection',
    type: 'security',
    severity: 'low',
    languages: [...TIER1, 'csharp'],
    docs: {
      description:
        'A value from a request written to a log with no escaping, so a line break in it can add forged log entries.',
      cwe: 'CWE-117',
      examples: [
        {
          language: 'python',
          bad: 'import logging\nfrom flask import request\n\nlogger = logging.getLogger(__name__)\n\n@app.route("/login", methods=["POST"])\ndef login():\n    user = request.form["user"]\n    logger.warning("failed login for " + user)\n    return "no", 401\n',
          good: 'import logging\nfrom flask import request\n\nlogger = logging.getLogger(__name__)\n\n@app.route("/login", methods=["POST"])\ndef login():\n    user = request.form["user"]\n    logger.warning("failed login for %r", user)\n    return "no", 401\n',
        },
      ],
    },
    messages: {
      forged:
        'CWE-117: {{value}} comes from {{source}} (line {{sourceLine}}) and is written to the log by {{sink}} (line {{sinkLine}}) as it came: a line break in it starts a new line that reads like an entry of its own, so whoever sends the request can forge or hide log entries. {{fix}}',
    },
  },
  create(context) {
    return {
      'Program:exit'() {
        const analysis = analysisFor(context);
        for (const flow of analysis?.flows(['log']) ?? []) {
          // Only what a request sender chooses: an operator's argv or environment is not an attack on the log.
          if (!flow.origin.source.remote || quotesArguments(flow.sink)) continue;
          if (context.language === 'csharp' && afterConstantTemplate(flow.sink, flow.value)) continue;
          const { data } = flowReport(flow, 'low');
          // The fix escapes the input where it enters the message, not the whole message.
          const name = flow.origin.chain[flow.origin.chain.length - 1];
          const { code, intro } = name ? { code: name, intro: '' } : valueCode(flow.value);
          context.report({
            node: flow.sink,
            messageId: 'forged',
            data: { ...data, fix: intro + fixFor(context.language, code) },
          });
        }
      },
    };
  },
};
