/** Syntax helpers shared by rules: callees, literals, loops, functions, names and message quoting. */
import { LANGUAGE_IDS, type LanguageId } from '@code-explain/shared';
import { LANGUAGES } from '../languages/index.js';
import type { SnippetFacts } from '../facts/model.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { calleeText, methodName, NUMBER_TYPES, unwrap } from '../nodes.js';
import { SKIP_CHILDREN, walk } from '../walk.js';
import { z } from 'zod';
import type { MessageData, RuleContext, RuleOptions } from './model.js';

export {
  callArguments,
  calleeText,
  contains,
  enclosingFunction,
  enclosingLoop,
  FUNCTION_TYPES,
  keywordArgument,
  LOOP_TYPES,
  loopAroundInFunction,
  methodName,
  numberLiteral,
  unwrap,
} from '../nodes.js';

/** The languages read through exact syntax tables and the scope analysis, which most rules rely on. */
export const TIER1: readonly LanguageId[] = LANGUAGE_IDS.filter((id) => LANGUAGES[id].tier === 1);
export const JS_LIKE: readonly LanguageId[] = ['javascript', 'typescript', 'tsx'];

const PLAIN_STRINGS = new Set([
  'string',
  'string_literal',
  'interpreted_string_literal',
  'raw_string_literal',
  'text_block',
  // C#: `@"C:\dir"`.
  'verbatim_string_literal',
]);

/** A string literal with no interpolation (Python: also adjacent literals, `"a" "b"`). */
export function isPlainString(node: Node): boolean {
  if (node.type === 'concatenated_string')
    return node.namedChildren.every((c) => c !== null && isPlainString(c));
  if (PLAIN_STRINGS.has(node.type)) {
    // Python f-strings are `string` nodes with interpolation children.
    return !node.namedChildren.some((c) => c?.type === 'interpolation');
  }
  if (node.type === 'template_string')
    return !node.namedChildren.some((c) => c?.type === 'template_substitution');
  // C#: `$"…"` with nothing interpolated is plain text.
  if (node.type === 'interpolated_string_expression')
    return !node.namedChildren.some((c) => c?.type === 'interpolation');
  return false;
}

/** Python's string nodes open with a `string_start` token (quotes and any prefix). */
function isPythonString(node: Node): boolean {
  return node.type === 'string' && node.firstChild?.type === 'string_start';
}

/** The characters a plain string literal stands for (escapes left as written), or undefined. */
export function stringContent(node: Node): string | undefined {
  if (!isPlainString(node)) return undefined;
  if (node.type === 'concatenated_string')
    return node.namedChildren.map((c) => stringContent(c!) ?? '').join('');
  if (isPythonString(node)) {
    return node.namedChildren
      .filter((c) => c?.type === 'string_content' || c?.type === 'escape_sequence')
      .map((c) => c!.text)
      .join('');
  }
  const text = node.text;
  if (node.type === 'text_block') return text.slice(3, -3);
  if (node.type === 'verbatim_string_literal') return text.slice(2, -1);
  if (node.type === 'interpolated_string_expression')
    return node.namedChildren
      .filter((c) => c?.type === 'string_content')
      .map((c) => c!.text)
      .join('');
  // C#'s raw string literal: `"""…"""`.
  if (node.type === 'raw_string_literal' && node.namedChildren.some((c) => c?.type === 'raw_string_content'))
    return node.namedChildren.find((c) => c?.type === 'raw_string_content')?.text ?? '';
  return text.slice(1, -1);
}

/** The operands of a chain of `+` (`a + b + c` → a, b, c), iteratively: chains can be very long. */
export function sumOperands(node: Node): Node[] {
  const out: Node[] = [];
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = unwrap(stack.pop()!);
    const isSum =
      (n.type === 'binary_expression' || n.type === 'binary_operator') &&
      n.childForFieldName('operator')?.text === '+';
    const left = isSum ? n.childForFieldName('left') : null;
    const right = isSum ? n.childForFieldName('right') : null;
    if (left && right) stack.push(right, left);
    else out.push(n);
  }
  return out;
}

/**
 * Text built from pieces at run time: concatenation with `+` of a string
 * and something that is not a literal, a template or f-string with
 * interpolation, `%` formatting, `.format(…)`, `String.format(…)`,
 * `.formatted(…)` or `fmt.Sprintf(…)`.
 */
export function isBuiltString(node: Node): boolean {
  const n = unwrap(node);
  switch (n.type) {
    case 'concatenated_string':
      return n.namedChildren.some((c) => c !== null && isFormatted(c));
    case 'binary_expression':
    case 'binary_operator': {
      const op = n.childForFieldName('operator')?.text;
      if (op === '%') {
        const left = n.childForFieldName('left');
        return left !== null && isPlainString(unwrap(left));
      }
      if (op !== '+') return false;
      const parts = sumOperands(n);
      const stringy = parts.some((p) => isPlainString(p) || isFormatted(p));
      const varying = parts.some((p) => !isPlainString(p) && !NUMBER_TYPES.has(p.type));
      return stringy && varying;
    }
    default:
      return isFormatted(n);
  }
}

/** A string made by interpolation or a formatting call (not by `+`). */
function isFormatted(n: Node): boolean {
  switch (n.type) {
    case 'template_string':
      return n.namedChildren.some((c) => c?.type === 'template_substitution');
    case 'string':
      return n.namedChildren.some((c) => c?.type === 'interpolation');
    case 'call':
    case 'call_expression': {
      const fn = n.childForFieldName('function')?.text ?? '';
      return /(^|\.)format$/.test(fn) || fn === 'fmt.Sprintf';
    }
    case 'method_invocation': {
      const callee = calleeText(n);
      return callee === 'String.format' || methodName(callee) === 'formatted';
    }
    case 'interpolated_string_expression':
      return n.namedChildren.some((c) => c?.type === 'interpolation');
    case 'invocation_expression':
      return /^(string|String|System\.String)\.(Format|Concat|Join)$/.test(calleeText(n));
    default:
      return false;
  }
}

/** The literal text parts of a string-building expression, for checking what it says. */
export function literalParts(node: Node): string {
  const parts: string[] = [];
  walk(node, (n) => {
    if (
      n.type === 'string_fragment' ||
      n.type === 'string_content' ||
      n.type === 'string_literal_content' ||
      n.type === 'raw_string_content' ||
      n.type === 'interpreted_string_literal_content'
    ) {
      parts.push(n.text);
      return SKIP_CHILDREN;
    }
    if (n.type === 'verbatim_string_literal') {
      parts.push(n.text.slice(2, -1));
      return SKIP_CHILDREN;
    }
    if (n.type === 'raw_string_literal' || (n.type === 'string_literal' && n.namedChildCount === 0)) {
      parts.push(n.text.slice(1, -1));
      return SKIP_CHILDREN;
    }
    return undefined;
  });
  return parts.join(' ');
}

/**
 * The words of an identifier, lower case: `dbPassword` → [db, password],
 * `API_KEY` → [api, key], `self.access_token` → [access, token].
 */
export function nameWords(name: string): string[] {
  const last = name.split(/[.\s]/).pop() ?? name;
  return last
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** 1-based line of a node. */
/**
 * Whether `line` is inside a test or a test fixture (by the unit's declarations: `test_…`, `TestX(t)`,
 * `it(…)`, `@Test`, `@pytest.fixture`): its literals are test data, not the program's.
 */
export function inTestCode(facts: SnippetFacts, line: number): boolean {
  return facts.units.some(
    (u) =>
      u.metrics.startLine <= line &&
      line <= u.metrics.endLine &&
      u.purpose.declarations.some((d) => d.kind === 'test' || d.kind === 'fixture'),
  );
}

export function lineOf(node: Node): number {
  return node.startPosition.row + 1;
}

/** Source text on one line, shortened. */
export function snippet(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Code quoted inline in Markdown, shortened to one line; safe when the code itself contains backticks. */
export function code(text: string, max = 60): string {
  const flat = snippet(text, max);
  if (!flat.includes('`')) return `\`${flat}\``;
  let fence = '``';
  while (flat.includes(fence)) fence += '`';
  return `${fence} ${flat} ${fence}`;
}

/** A list of items for prose: "a", "a and b", "a, b and c"; more than `max` are cut with "…". */
export function listOf(items: readonly string[], max = 5): string {
  const shown = items.slice(0, max);
  const tail = items.length > max ? [`${items.length - max} more`] : [];
  const all = [...shown, ...tail];
  if (all.length <= 1) return all.join('');
  return `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
}

/** The lines of a list of nodes or numbers, for prose: "lines 3, 8 and 12". */
export function linesText(lines: readonly number[]): string {
  const unique = [...new Set(lines)].sort((a, b) => a - b);
  return unique.length === 1 ? `line ${unique[0]}` : `lines ${listOf(unique.map(String), 8)}`;
}

/** By default, at most this many findings of one rule are reported one by one; more become one summary. */
export const MAX_INDIVIDUAL = 5;

/** The `maxIndividual` option of a rule that summarises past a count; `what` names the findings ("comparisons"). */
export function maxIndividualOptions(what: string): RuleOptions<{ readonly maxIndividual: number }> {
  return {
    schema: z.object({ maxIndividual: z.number().int().min(0) }),
    defaults: { maxIndividual: MAX_INDIVIDUAL },
    // Listing more of them one by one finds nothing more; the summary already names every line.
    focused: {},
    docs: {
      maxIndividual: `Most ${what} reported one by one; when there are more, one suggestion lists their lines.`,
    },
  };
}

/** The `secretNamesOnly` option of a rule that reports weak crypto where a secret is named, and everywhere when focused. */
export function secretNamesOnlyOptions(doc: string): RuleOptions<{ readonly secretNamesOnly: boolean }> {
  return {
    schema: z.object({ secretNamesOnly: z.boolean() }),
    defaults: { secretNamesOnly: true },
    focused: { secretNamesOnly: false },
    docs: { secretNamesOnly: doc },
  };
}

/** A finding waiting to be reported: the node it is about and its message id and data. */
export interface PendingReport {
  readonly node: Node;
  readonly messageId: string;
  readonly data: MessageData;
}

/**
 * Reports each finding on its own when there are at most `max`; when there
 * are more, one summary at the first, so a habit repeated throughout a file
 * reads as one suggestion rather than a flood.
 */
export function reportEachOrSummary(
  context: RuleContext,
  findings: readonly PendingReport[],
  summary: (lines: readonly number[]) => { readonly messageId: string; readonly data: MessageData },
  max: number = MAX_INDIVIDUAL,
): void {
  if (findings.length === 0) return;
  if (findings.length <= max) {
    for (const f of findings) context.report(f);
    return;
  }
  context.report({ node: findings[0]!.node, ...summary(findings.map((f) => lineOf(f.node))) });
}
