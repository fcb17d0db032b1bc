/**
 * Shared by the security rules that follow a value from its source to a sink:
 * runs the taint analysis once per snippet and words a flow for messages
 * (where the value comes from, the names it went through, the sink call).
 */
import type { Severity } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import {
  describeFlow,
  severityOf,
  taintOf,
  type Flow,
  type Origin,
  type SinkKind,
  type TaintAnalysis,
} from '../../taint/index.js';
import type { MessageData, RuleContext } from '../model.js';
import { bindingsOf } from '../../scope/bindings.js';
import { once } from '../../once.js';
import {
  callArguments,
  calleeText,
  isBuiltString,
  isPlainString,
  lineOf,
  methodName,
  stringContent,
  unwrap,
} from '../util.js';

const CONSTRUCTORS = new Set(['object_creation_expression', 'new_expression']);

/** The taint analysis of the rule's snippet, or undefined when its language has no catalogue. */
export function analysisFor(context: RuleContext<object>): TaintAnalysis | undefined {
  return taintOf(
    context.language,
    context.root,
    context.facts.dependencies.map((d) => d.source),
  );
}

/** The sink as messages show it: `fs.readFile(...)`, `new File(...)`. */
export function sinkText(call: Node, callee: string): string {
  const shown = callee.length <= 40 ? callee : methodName(callee);
  return `\`${CONSTRUCTORS.has(call.type) ? 'new ' : ''}${shown}(...)\``;
}

/** Message data for a value with a known origin reaching `sink`. */
export function flowData(origin: Origin, value: Node, sink: Node, sinkShown: string): MessageData {
  const words = describeFlow(origin, value);
  return {
    value: words.value,
    source: words.source,
    sourceLine: words.sourceLine,
    sink: sinkShown,
    sinkLine: lineOf(sink),
  };
}

/** Message data and severity for a flow the analysis found. */
export function flowReport(
  flow: Flow,
  lower: Severity,
): { data: MessageData; severity: Severity; untrusted: boolean } {
  return {
    data: flowData(flow.origin, flow.value, flow.sink, sinkText(flow.sink, flow.callee)),
    severity: severityOf(flow.origin, lower),
    untrusted: flow.origin.source.kind === 'untrusted',
  };
}

/**
 * The code a fix shows for the value: its name, or a short expression; a
 * long one (or one with backticks, which would break the message's code
 * spans) becomes a variable the fix asks to introduce.
 */
export function valueCode(value: Node): { readonly code: string; readonly intro: string } {
  const text = value.text.replace(/\s+/g, ' ');
  if (text.length <= 40 && !text.includes('`')) return { code: text, intro: '' };
  return { code: 'requested', intro: 'Put the value in a variable `requested`, then: ' };
}

/** The value a name was last given, when a single binding decides it; else the node itself. */
export function resolvedValue(context: RuleContext<object>, value: Node): Node {
  if (value.type !== 'identifier') return value;
  const visible = bindingsOf(context.language, context.root).visible(value.text, value);
  const only = visible.length === 1 ? visible[0] : undefined;
  return only?.value ? unwrap(only.value) : value;
}

/** The fixed text a built string starts with: `'https://api.example.com/' + id` → https://api.example.com/. */
export function fixedPrefix(node: Node): string | undefined {
  let n = unwrap(node);
  for (let guard = 0; guard < 1000; guard++) {
    if (
      (n.type === 'binary_expression' || n.type === 'binary_operator') &&
      n.childForFieldName('operator')?.text === '+'
    ) {
      const left = n.childForFieldName('left');
      if (!left) return undefined;
      n = unwrap(left);
      continue;
    }
    break;
  }
  if (isPlainString(n)) return stringContent(n);
  // A template or f-string: the text before its first interpolation.
  if (n.type === 'template_string' || n.type === 'string' || n.type === 'interpolated_string_expression') {
    let text = '';
    for (const child of n.namedChildren) {
      if (!child) continue;
      if (child.type === 'string_fragment' || child.type === 'string_content') text += child.text;
      else if (child.type === 'template_substitution' || child.type === 'interpolation') return text;
    }
    return text;
  }
  // fmt.Sprintf / String.format / "…".format: the format text before its first placeholder.
  if (n.type === 'call_expression' || n.type === 'method_invocation' || n.type === 'call') {
    const callee = calleeText(n);
    if (callee === 'fmt.Sprintf' || callee === 'String.format') {
      const first = callArguments(n)[0];
      const text = first ? stringContent(first) : undefined;
      return text?.split('%')[0];
    }
    const receiver = n.childForFieldName('function')?.childForFieldName('object');
    if (methodName(callee) === 'format' && receiver && isPlainString(receiver))
      return stringContent(receiver)?.split('{')[0];
  }
  return undefined;
}

/** A prefix that fixes scheme and host: whatever follows only chooses a path on that host. */
export const fixesHost = (prefix: string | undefined): boolean =>
  prefix !== undefined && /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+[/?#]/i.test(prefix);

/** A prefix that fixes a local path (`/items/`): not `//host`, which browsers read as another site. */
export const fixesLocalPath = (prefix: string | undefined): boolean =>
  prefix !== undefined && /^\/[^/\\]/.test(prefix);

/** Whether the value is built from pieces (concatenated, formatted, joined), rather than passed on whole. */
export function isBuilt(context: RuleContext<object>, value: Node, sink: Node, partsOfSink = false): boolean {
  const v = resolvedValue(context, value);
  if (isBuiltString(v)) return true;
  if (
    /^(call|call_expression|method_invocation|invocation_expression)$/.test(v.type) &&
    /(^|\.)(join|Join|resolve|Combine)$/.test(calleeText(v))
  )
    return callArguments(v).length >= 2;
  // `new File(parent, child)`, `Paths.get(base, name)`: the value is a part under another.
  if (!partsOfSink) return false;
  const args = callArguments(sink);
  return args.length >= 2 && args[0]!.id !== value.id;
}

/** Appended to a rule's message when the value is a plain parameter. */
export const PARAMETER_TAIL =
  ' {{value}} is {{source}} (line {{sourceLine}}), so this is only as safe as what every caller passes.';
/** How a message opens when the value comes from untrusted input. */
export const INPUT_LEAD =
  '{{value}} comes from {{source}} (line {{sourceLine}}) and reaches {{sink}} (line {{sinkLine}})';

export interface SourcedReport {
  readonly node: Node;
  /** The value the sink receives. */
  readonly value: Node;
  readonly kind: SinkKind;
  /** The message id when no source is known; `<id>Parameter` and `<id>Input` name one. */
  readonly messageId: string;
  readonly data: MessageData;
  /** The sink as the message shows it; defaults to the call's callee. */
  readonly sink?: string;
}

/**
 * Reports a finding of an injection rule, naming where the value comes from
 * when the taint analysis knows: untrusted input is `high`, a plain parameter
 * `medium`; with no source known the rule's own message and severity stand.
 * A value whose every source went through a sanitiser for this sink is not
 * reported at all.
 */
export function reportSourced(
  context: RuleContext<object>,
  analysis: () => TaintAnalysis | undefined,
  report: SourcedReport,
): void {
  const origins = analysis()?.originsOf(report.value) ?? [];
  const open = origins.filter((o) => !o.sanitised.has(report.kind));
  if (origins.length > 0 && open.length === 0) return;
  const origin = open[0];
  if (!origin) {
    context.report({ node: report.node, messageId: report.messageId, data: report.data });
    return;
  }
  const sink = report.sink ?? sinkText(report.node, calleeText(report.node));
  context.report({
    node: report.node,
    messageId: `${report.messageId}${origin.source.kind === 'untrusted' ? 'Input' : 'Parameter'}`,
    data: { ...report.data, ...flowData(origin, report.value, report.node, sink) },
    severity: severityOf(origin, 'medium'),
  });
}

/** A rule's analysis, run on first use and kept for the snippet. */
export function lazyAnalysis(context: RuleContext<object>): () => TaintAnalysis | undefined {
  return once(() => analysisFor(context));
}

/** The pieces of a `+` chain, template or f-string in order: literal text as strings, other parts as nodes. */
export function pieces(node: Node): (string | Node)[] {
  const out: (string | Node)[] = [];
  const stack: Node[] = [unwrap(node)];
  while (stack.length > 0 && out.length < 1000) {
    const n = unwrap(stack.pop()!);
    const op = n.childForFieldName('operator')?.text;
    if ((n.type === 'binary_expression' || n.type === 'binary_operator') && op === '+') {
      const left = n.childForFieldName('left');
      const right = n.childForFieldName('right');
      if (right) stack.push(right);
      if (left) stack.push(left);
    } else if (isPlainString(n)) {
      out.push(stringContent(n) ?? '');
    } else if (
      n.type === 'template_string' ||
      n.type === 'string' ||
      n.type === 'interpolated_string_expression'
    ) {
      for (const c of n.namedChildren) {
        if (!c || c.type === 'string_start' || c.type === 'string_end' || c.type === 'interpolation_start')
          continue;
        out.push(c.type === 'string_fragment' || c.type === 'string_content' ? c.text : c);
      }
    } else {
      out.push(n);
    }
  }
  return out;
}

/**
 * The piece that decides where a built URL points: the first non-literal
 * piece when the literal text before it is empty or only a scheme
 * (`'https://' + host`); undefined when fixed text already names the host or
 * path. A format call (`fmt.Sprintf`, `String.format`) is read through its
 * format text.
 */
export function leadingPart(node: Node): Node | undefined {
  const n = unwrap(node);
  let parts = pieces(n);
  if (/^(call|call_expression|method_invocation|invocation_expression)$/.test(n.type)) {
    const callee = calleeText(n);
    if (callee === 'fmt.Sprintf' || callee === 'String.format') {
      const [format, ...values] = callArguments(n);
      const text = format ? stringContent(format) : undefined;
      if (text === undefined) return n;
      const [before] = text.split(/%[-+ #0-9.]*[a-zA-Z]/);
      parts = before !== undefined && values[0] ? [before, values[0]] : [text];
    }
  }
  let text = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      text += part;
      continue;
    }
    return text === '' || /^[a-z][a-z0-9+.-]*:\/\/$/i.test(text) ? part : undefined;
  }
  return undefined;
}

/** Whether the tainted value decides where a URL points: it is the URL, or the URL starts with it. */
export function leadsWithTaint(context: RuleContext<object>, analysis: TaintAnalysis, value: Node): boolean {
  const lead = leadingPart(resolvedValue(context, value));
  if (!lead) return false;
  return analysis.originsOf(lead).length > 0;
}
