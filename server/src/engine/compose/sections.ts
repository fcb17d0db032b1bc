/**
 * Section builders. Each returns a titled section from facts, metrics and
 * suggestions, or nothing when it would have nothing true to say.
 */
import { receiverOf } from '../purpose/dataflow.js';
import { macrosUsedBy } from './macros.js';
import { readingOf, SEVERITIES, type FocusArea, type Section, type Suggestion } from '@code-explain/shared';
import { MAX_LIST_ITEMS, MAX_QUOTED_SUGGESTIONS, MAX_SECTION_CHARS } from '../budget.js';
import type { GotoExit, Step, UnitFacts } from '../facts/model.js';
import { FUNCTION_TYPES } from '../nodes.js';
import type { SnapshotNode } from '../parsing/node.js';
import { escapeRegExp } from '../regex.js';
import { LANGUAGES } from '../languages/index.js';
import type { Voice } from './audience.js';
import type { RuleMeta } from '../rules/model.js';
import type { ComposeInput } from './input.js';
import { callables, parseErrorsSentence } from './overview.js';
import { unitParagraphs } from './units.js';
import { dataFlowSentences, effectLines, throughPointer } from './purpose.js';
import {
  bulletList,
  bulletListUpTo,
  capitalize,
  code,
  count,
  endsIteration,
  lineRange,
  listOf,
  listUpTo,
} from './text.js';
import { describeSteps, namedResultsPhrase, signature } from './walkthrough.js';
import { estimateOf, loopCalls, multiplyingDepth, multiplyingLoopLine, searchHotSpots } from './cost.js';
import { coverageSentences } from './coverage.js';

const MAX_UNITS = 12;
/** Throws, catches and early returns the error-paths section lists. */
const MAX_EXITS = 20;
/** Imports the dependencies section lists. */
const MAX_IMPORTS = 20;
/** Functions the complexity section gives numbers for. */
const PER_FUNCTION = 20;

const FOCUS_TITLES: Record<FocusArea, string> = {
  readability: 'Readability',
  performance: 'Performance',
  security: 'Security',
  best_practices: 'Best practices',
  architecture: 'Architecture',
  testing: 'Testing',
  documentation: 'Documentation',
  scalability: 'Scalability',
  maintainability: 'Maintainability',
};

const raisesIn = (input: ComposeInput) => LANGUAGES[input.request.language].wording.raises;

/** Each unit step by step with its lines; `purposeSaid` holds what the explanation already said it is for. */
export function walkthrough(
  input: ComposeInput,
  voice: Voice,
  purposeSaid: ReadonlyMap<UnitFacts, readonly string[]>,
): Section {
  const withLines = true;
  const units = callables(input);
  const top = describeSteps(input.facts.topLevel, voice, { withLines, maxSteps: 8 }, raisesIn(input));
  const topText = top ? `At the top level, the code ${top}.` : undefined;
  // The units share what the closing sentences (top-level steps, "N more …") leave.
  const room = MAX_SECTION_CHARS - (topText?.length ?? 0) - 1200;
  const { paragraphs } = unitParagraphs(units, voice, {
    withLines,
    maxSteps: voice.expert ? 20 : 10,
    maxPurpose: voice.expert ? 5 : 3,
    maxUnits: MAX_UNITS,
    room,
    raises: raisesIn(input),
    language: input.request.language,
    units: input.facts.units,
    purposeSaid,
  });
  if (topText) paragraphs.push(topText);
  if (paragraphs.length === 0)
    paragraphs.push(
      input.facts.errorRegions > 0
        ? 'The parser read no loops, branches, calls or returns in the parts of the code it could read.'
        : 'The code has no loops, branches, calls or returns to walk through.',
    );
  return { title: 'Block-by-block walkthrough', content: paragraphs.join('\n\n') };
}

/** The arms of a switch or match, in the grammars' names. */
const CASE_ARM =
  /^(switch_case|switch_default|expression_case|default_case|type_case|switch_block_statement_group|switch_rule|switch_section|case_clause|match_arm|case_statement|when_entry)$/;

/** The line of the `case` arm a step stands in, directly in the unit (not in a loop or function inside it). */
function caseArmOf(u: UnitFacts, s: Step): number | undefined {
  const unit = u.metrics.node;
  for (let n = unit.doc.nodes[s.node]?.parent; n && n.id !== unit.id; n = n.parent) {
    if (CASE_ARM.test(n.type)) return n.startPosition.row + 1;
    if (FUNCTION_TYPES.has(n.type) || /loop|for|while/.test(n.type)) return undefined;
  }
  return undefined;
}

function metricLine(name: string, value: number, reading: string): string {
  return `${name}: ${Number.isInteger(value) ? value : value.toFixed(1)} (${reading})`;
}

export function complexity(input: ComposeInput, voice: Voice): Section {
  const m = input.metrics;
  const intro = voice.beginner
    ? `${voice.term('cyclomatic complexity', 'Cyclomatic complexity')}, ${voice.term('cognitive complexity', 'cognitive complexity')} and ${voice.term('Halstead volume')} summarise how complicated the code is.`
    : undefined;
  const whole = bulletList([
    metricLine(
      'Cyclomatic complexity',
      m.cyclomatic,
      `${count(m.cyclomatic - 1, 'decision point')} in the snippet`,
    ),
    metricLine('Cognitive complexity', m.cognitive, 'sum over the snippet'),
    metricLine(
      'Halstead volume',
      m.halstead.volume,
      `${m.halstead.length} operators and operands, ${m.halstead.vocabulary} distinct`,
    ),
    `Tokens: ${m.tokens}`,
  ]);
  const units = callables(input);
  const listed = units
    .slice(0, PER_FUNCTION)
    .map(
      (u) =>
        `${signature(u)} (${lineRange(u.metrics.startLine, u.metrics.endLine)}): cyclomatic ${u.metrics.cyclomatic} (${readingOf('cyclomatic', u.metrics.cyclomatic)}), cognitive ${u.metrics.cognitive} (${readingOf('cognitive', u.metrics.cognitive)}), Halstead volume ${u.metrics.halstead.volume.toFixed(0)} (${readingOf('halstead', u.metrics.halstead.volume)})`,
    );
  if (units.length > PER_FUNCTION)
    listed.push(`…and ${count(units.length - PER_FUNCTION, 'more function')}.`);
  const perUnit = units.length > 0 ? `Per function:\n${bulletList(listed)}` : undefined;
  return {
    title: 'Complexity',
    content: [intro, `For the whole snippet:\n${whole}`, perUnit].filter(Boolean).join('\n\n'),
  };
}

function suggestionLine(s: Suggestion): string {
  const where = s.line ? ` (line ${s.line})` : '';
  const severity = s.severity ? `[${s.severity}] ` : '';
  return `${severity}${s.description}${where}`;
}

const AREA_NAMES = (area: FocusArea) => FOCUS_TITLES[area].toLowerCase();

/** "security 12 (2 high, 10 medium); testing 1 (low)": findings per area, most important area first. */
function findingCounts(findings: readonly Suggestion[]): string {
  const byArea = new Map<FocusArea, Suggestion[]>();
  for (const f of findings) {
    const list = byArea.get(f.type);
    if (list) list.push(f);
    else byArea.set(f.type, [f]);
  }
  return [...byArea]
    .map(([area, list]) => {
      const severities = [...SEVERITIES]
        .reverse()
        .map((sev) => [sev, list.filter((f) => f.severity === sev).length] as const)
        .filter(([, n]) => n > 0);
      const detail =
        severities.length === 1 && severities[0]![1] === list.length
          ? severities[0]![0]
          : severities.map(([sev, n]) => `${n} ${sev}`).join(', ');
      return `${AREA_NAMES(area)} ${list.length}${detail ? ` (${detail})` : ''}`;
    })
    .join('; ');
}

/**
 * Suggestions as a section: all of them when they are few and none were
 * grouped; otherwise counts per area and the first suggestion of each of the
 * most important checks, pointing to the suggestions list for the rest, so
 * the response does not carry the same text twice.
 */
function suggestionsList(suggestions: readonly Suggestion[], findings: readonly Suggestion[]): string {
  if (suggestions.length <= MAX_QUOTED_SUGGESTIONS && findings.length === suggestions.length)
    return bulletList(suggestions.map(suggestionLine));
  const grouped =
    findings.length > suggestions.length
      ? `, given as ${count(suggestions.length, 'suggestion')} (repeated findings of one check are grouped)`
      : '';
  const firstPerCheck = new Map<string, Suggestion>();
  for (const s of suggestions) {
    const key = s.rule ?? s.description;
    if (!firstPerCheck.has(key)) firstPerCheck.set(key, s);
  }
  const top = [...firstPerCheck.values()].slice(0, MAX_QUOTED_SUGGESTIONS).map((s) => {
    const others = s.rule === undefined ? 0 : findings.filter((f) => f.rule === s.rule).length - 1;
    return `${suggestionLine(s)}${others > 0 ? ` — and ${others} more ${others === 1 ? 'finding' : 'findings'} of this check` : ''}`;
  });
  const checks = firstPerCheck.size;
  return [
    `The checks made ${count(findings.length, 'finding')}${grouped}: ${findingCounts(findings)}.`,
    `${checks > top.length ? `The first suggestion of each of the ${top.length} most important checks (of ${checks})` : checks === 1 ? 'The first suggestion' : 'The first suggestion of each check'}:\n${bulletList(top)}`,
    `All ${suggestions.length} are in the suggestions list.`,
  ].join('\n\n');
}

export function suggestionsSection(
  input: ComposeInput,
  title = 'Suggestions',
  keep: (s: Suggestion) => boolean = () => true,
): Section {
  const suggestions = input.suggestions.filter(keep);
  if (suggestions.length === 0) {
    return { title, content: 'The checks that ran found nothing to suggest for this code.' };
  }
  return { title, content: suggestionsList(suggestions, input.findings.filter(keep)) };
}

export function focusSection(input: ComposeInput, area: FocusArea): Section {
  const found = input.suggestions.filter((s) => s.type === area);
  const coverage = coverageSentences(
    area,
    AREA_NAMES(area),
    input.languageName,
    input.checks,
    found.length > 0,
  );
  const content =
    found.length === 0
      ? coverage.join(' ')
      : `${suggestionsList(
          found,
          input.findings.filter((s) => s.type === area),
        )}\n\n${coverage.join(' ')}`;
  return { title: `Focus: ${FOCUS_TITLES[area]}`, content };
}

/**
 * "inputs `chars` and `start`; outputs `value` (an `out` parameter)": a parameter that only hands a
 * value back is no input, one passed by `ref` or `inout` is both, and JavaScript's `arguments` takes
 * any number besides the named ones.
 */
function inputsPhrase(u: UnitFacts): string {
  const inputs = u.params.filter((p) => u.passedBack.get(p) !== 'out');
  const outs = u.params.filter((p) => u.passedBack.get(p) === 'out');
  const viaArguments = u.readsArguments
    ? inputs.length
      ? `, and any further ones through ${code('arguments')}`
      : `inputs through ${code('arguments')} (any number of them)`
    : '';
  // A Go method reads its receiver as an input (`b` of `func (b *readBuf) uint16()`).
  const receiver = receiverOf(u.metrics.node);
  const named = inputs.length
    ? `inputs ${listUpTo(inputs.map(code), MAX_LIST_ITEMS)}${handedBackToo(u, inputs)}${viaArguments}${receiver ? `, besides its receiver ${code(receiver)}` : ''}`
    : viaArguments || (receiver ? `no inputs besides its receiver ${code(receiver)}` : 'no inputs');
  return outs.length
    ? `${named}; outputs ${listOf(outs.map(code))} (${code('out')} ${outs.length === 1 ? 'parameter' : 'parameters'})`
    : named;
}

/** " (`sum` by `ref`: the caller sees any change to it)", for inputs passed by `ref` or `inout`. */
function handedBackToo(u: UnitFacts, inputs: readonly string[]): string {
  const both = inputs.filter((p) => u.passedBack.has(p));
  if (both.length === 0) return '';
  const how = listOf(both.map((p) => `${code(p)} by ${code(u.passedBack.get(p)!)}`));
  return ` (${how}: the caller sees any change to ${both.length === 1 ? 'it' : 'them'})`;
}

export function inputsOutputs(input: ComposeInput): Section {
  const units = callables(input);
  const lines = units.slice(0, MAX_UNITS).map((u) => {
    const params = u.paramsKnown ? inputsPhrase(u) : undefined;
    const returns = u.steps.filter((s) => s.kind === 'return');
    const values = [
      ...new Set(
        returns
          .map((r) => r.subject ?? (r.results ? namedResultsPhrase(r.results) : undefined))
          .filter((s): s is string => Boolean(s)),
      ),
    ].map((v) => (returns.some((r) => r.subject === v) ? code(v) : v));
    // C#'s `=> expr` body (a method's or a property's) is what it returns.
    const node = u.metrics.node;
    const arrow =
      node.type === 'arrow_expression_clause'
        ? node
        : node.namedChildren.find((c) => c?.type === 'arrow_expression_clause');
    const body = arrow?.namedChildren.find((c) => c && !c.type.includes('comment'));
    // What a macro the unit expands returns from it (`MG_CHECKRET` … `return j;`) is a value it returns too.
    const throughMacros = macrosUsedBy(u, input.request.language).filter((m) => m.returns);
    const macroReturns = throughMacros.map((m) => `${code(m.returns!)} (through the macro ${code(m.name)})`);
    const all = [...values, ...macroReturns];
    const out =
      all.length > 0
        ? `returns ${listOf(all.slice(0, 4), 'or')}${all.length > 4 ? ' among others' : ''}`
        : body && !body.text.includes('\n')
          ? // A `void` method's `=> expr` runs the expression and returns nothing.
            /\bvoid\s+[\w.<>]+\s*\(/.test(node.text.slice(0, Math.max(0, node.text.indexOf('=>'))))
            ? `runs ${code(body.text)}, the expression after its \`=>\`, and returns nothing (it is \`void\`)`
            : `returns ${code(body.text)}, the expression after its \`=>\``
          : u.isGenerator
            ? // A generator's bare `return` ends the stream it yields: calling it gives that stream.
              'yields values (it is a generator: calling it gives an iterator over what it yields)'
            : returns.length > 0
              ? 'returns without a value'
              : u.purpose.result?.type
                ? // Rust's tail expression, C#'s `=> expr`, Kotlin's `= expr`: a value with no `return`.
                  `gives a ${code(u.purpose.result.type)}, as its signature declares, with no \`return\` statement`
                : 'has no return statement';
    const flow = dataFlowSentences(u)
      .map((sentence) => ` ${sentence}`)
      .join('');
    return `${signature(u)}: ${params ? `${params}; ` : ''}${out}.${flow}`;
  });
  if (units.length > MAX_UNITS) lines.push(`…and ${count(units.length - MAX_UNITS, 'more function')}.`);
  return {
    title: 'Inputs and outputs',
    content: lines.length ? bulletList(lines) : noFunctions(input),
  };
}

export function sideEffects(input: ComposeInput): Section {
  const lines: string[] = [];
  for (const u of callables(input)) {
    // Only calls the catalogue of well-known APIs knows: a side effect is never guessed from a name.
    const effects = effectLines(u);
    if (effects.length) lines.push(`${signature(u)} ${listOf(effects)}.`);
    const mutated = u.purpose.dataFlow.mutatedParams.filter((m) => !m.passing && !m.restored);
    for (const m of u.purpose.dataFlow.mutatedParams.filter((w) => !w.passing && w.restored))
      lines.push(
        `${signature(u)} puts ${code(m.restored!.item)} into ${code(m.target)} (line ${m.line}), which its caller passed in, and takes it out again on line ${m.restored!.line}.`,
      );
    if (mutated.length)
      lines.push(
        `${signature(u)} changes ${listOf(mutated.map((m) => `${throughPointer(m.text) ? `what ${code(m.target)} points to` : code(m.target)} (line ${m.line})`))} in place, which its caller passed in.`,
      );
    // An `out`, `ref` or `inout` parameter is the caller's own variable: setting it is a change the caller sees.
    const handedBack = u.purpose.dataFlow.mutatedParams.filter((m) => m.passing);
    if (handedBack.length)
      lines.push(
        `${signature(u)} sets ${listOf(handedBack.map((m) => `its ${code(m.passing!)} parameter ${code(m.target)} (line ${m.line})`))}, which changes the caller's variable.`,
      );
    const fields = u.purpose.dataFlow.fieldWrites.filter((f) => !f.method && !f.element && !f.via);
    const changed = u.purpose.dataFlow.fieldWrites.filter((f) => f.method);
    const into = u.purpose.dataFlow.fieldWrites.filter((f) => f.element);
    const passed = u.purpose.dataFlow.fieldWrites.filter((f) => f.via);
    if (into.length)
      lines.push(
        `${signature(u)} writes into ${listUpTo(
          into.map((f) => `${code(f.target)} (line ${f.line})`),
          4,
        )}.`,
      );
    if (passed.length)
      lines.push(
        `${signature(u)} passes ${listUpTo(
          passed.map(
            (f) => `${code(f.target)} by ${code(f.via!.passing)} to ${code(f.via!.callee)} (line ${f.line})`,
          ),
          4,
        )}, which can set ${passed.length === 1 ? 'it' : 'them'}.`,
      );
    if (changed.length)
      lines.push(
        `${signature(u)} changes ${listUpTo(
          changed.map((f) => `${code(f.target)} in place (${code(f.method!)}, line ${f.line})`),
          4,
        )}.`,
      );
    if (fields.length)
      lines.push(
        `${signature(u)} sets ${listUpTo(
          fields.map((f) => `${code(f.target)} (line ${f.line})`),
          4,
        )}.`,
      );
    // A throw is no side effect: it is told with the error paths.
  }
  return {
    title: 'Side effects',
    content: lines.length
      ? bulletListUpTo(lines, MAX_LIST_ITEMS, 'of these')
      : `None of its calls is to a well-known API with a side effect (files, processes, network, databases, the page, logging, the clock, randomness, threads, the environment)${
          // Said only where every assignment is seen to be to a local: a write through a pointer or to an
          // outer variable would make it false.
          // A method of unknown effect called on a parameter or a field (`it.MoveNext()`) may change it too.
          callables(input).every((u) => u.purpose.dataFlow.writesOnlyLocals && !callsOnInputs(u))
            ? ', and it changes no parameter or field in place'
            : ''
        }. What the functions it calls do cannot be seen from this snippet alone.`,
  };
}

/** Methods known to only read what they are called on. */
const READ_ONLY_METHODS =
  /^(length|size|get|Get|has|contains|Contains|containsKey|ContainsKey|includes|equals|Equals|hashCode|GetHashCode|toString|ToString|to_string|startsWith|endsWith|StartsWith|EndsWith|starts_with|ends_with|indexOf|IndexOf|lastIndexOf|charAt|substring|Substring|slice|trim|Trim|toLowerCase|toUpperCase|ToLower|ToUpper|lower|upper|strip|isEmpty|is_empty|IsEmpty|len|count|Count|keys|values|items|iter|clone|copy|format|join|split|Split|compareTo|CompareTo|matches|test|exec|Match|IsMatch|find|findIndex|some|every|map|filter|concat|at|first|last|min|max|abs|floor|ceil|round|toFixed|isDigit|isLetter|is_some|is_none|is_ok|is_err|lower_bound|upper_bound|as_str|as_ref|borrow|unwrap_or|get_or_default)$/;

/**
 * Whether a unit calls a method not known to only read on one of its parameters, or on its own object or a
 * field of it (`num.MoveNext()`, `self.items.frobnicate()`): such a call may change what it is called on.
 */
function callsOnInputs(u: UnitFacts): boolean {
  const roots = new Set([...u.params, ...selfNames(u)]);
  return u.calls.some((c) => {
    const m = /^([\w$]+)(?:\s*(?:\.|->)\s*[\w$]+)*\s*(?:\.|->)\s*([\w$]+)$/.exec(c);
    return !!m && roots.has(m[1]!) && !READ_ONLY_METHODS.test(m[2]!);
  });
}

/** Whether the snippet binds `name` itself: declares or assigns it (an import is from outside). */
function boundIn(source: string, name: string): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  const n = name.replace(/\$/g, '\\$');
  return new RegExp(
    `\\b(const|let|var|val|def|func|function|fn|class|struct|type|interface|enum|static|final)\\s+(\\w+\\s+)?${n}\\b|\\b${n}\\s*(:=|=(?!=))`,
  ).test(source);
}

/** The imports' heading and the sentence for none, by what the language calls them. */
const IMPORTS_WORDING = {
  imports: { heading: 'Imports', none: 'It imports nothing.' },
  includes: { heading: 'Includes', none: 'It includes no header.' },
  sources: { heading: 'Sources', none: 'It sources no other script.' },
} as const;

function importsText(input: ComposeInput, deps: readonly string[]): string {
  const word = LANGUAGES[input.request.language].wording.imports ?? 'imports';
  const { heading, none } = IMPORTS_WORDING[word];
  return deps.length ? `${heading}:\n${bulletListUpTo(deps, MAX_IMPORTS, word)}` : none;
}

/** "The snippet defines no functions", unless the parser could not read all of it. */
function noFunctions(input: ComposeInput): string {
  return input.facts.errorRegions > 0
    ? 'The parser read no function in the parts of the code it could read.'
    : 'The snippet defines no functions.';
}

/**
 * A callee as the Dependencies list names it: a method called on a computed value or across lines
 * (`"…".format`, `x.replace(…).replace`, `base64\n  .replace`) is its method, `.replace`, so one method
 * is listed once. A literal cut short names no method: undefined.
 */
function shownCallee(written: string): string | undefined {
  const member = /^([\s\S]*?)\s*\.([\w$]+)$/.exec(written);
  if (member && (!/^[\w$.]+$/.test(member[1]!) || /\s/.test(written))) return `.${member[2]}`;
  return /^["'`]|…/.test(written) ? undefined : written;
}

/** The name a method calls its own object by: `this`, `self`, or a Go receiver's name (`t` in `func (t *T)`). */
function selfNames(u: UnitFacts): string[] {
  const receiver = u.metrics.node.childForFieldName('receiver')?.namedChildren[0]?.childForFieldName('name');
  return receiver ? ['this', 'self', receiver.text] : ['this', 'self'];
}

/**
 * Whether a call is the unit's own method called on a field or an element of the unit's own object
 * (`t.next.add(…)`, `this.left.insert(…)`, `self.children[i].walk(…)`): the same method, recursing into a
 * part of the structure, not an outside function. A call on anything else (`other.add(x)`) is not.
 */
function ownPart(u: UnitFacts, call: string): boolean {
  if (u.metrics.kind !== 'method') return false;
  const name = u.metrics.name.split('.').pop();
  const match = /^([\w$]+)((?:\s*\.\s*[\w$]+|\[(?:[^[\]]|\[[^[\]]*\])*\])+)\s*\.\s*([\w$]+)$/.exec(call);
  if (!match || match[3] !== name || !selfNames(u).includes(match[1]!)) return false;
  // A field the snippet declares with a type other than the method's own (`r *bufio.Reader` in Go's
  // `cr.r.Read`) holds another kind of object: its method of the same name is not this one.
  const field = /^\s*\.\s*([\w$]+)/.exec(match[2]!)?.[1];
  const owner = u.metrics.name.includes('.') ? u.metrics.name.split('.').slice(-2, -1)[0] : undefined;
  if (!field || !owner) return true;
  const types = declaredFieldTypes(u.metrics.node, field);
  return (
    types.length === 0 || types.some((t) => new RegExp(`(?<![\\w$])${escapeRegExp(owner)}(?![\\w$])`).test(t))
  );
}

/** Declarations of a field or property: Go's and Rust's struct fields, Java's and C#'s fields, TypeScript's properties. */
const FIELD_DECLARATIONS = [
  'field_declaration',
  'property_declaration',
  'public_field_definition',
  'property_signature',
];

/** The types the snippet declares for a field named `field` (`*bufio.Reader` for `r *bufio.Reader`), as written. */
function declaredFieldTypes(node: SnapshotNode, field: string): string[] {
  let root = node;
  while (root.parent) root = root.parent;
  const types: string[] = [];
  for (const decl of root.descendantsOfType(FIELD_DECLARATIONS)) {
    const type =
      decl.childForFieldName('type') ??
      decl.namedChildren.find((c) => c.type === 'variable_declaration')?.childForFieldName('type');
    if (!type) continue;
    const names = [
      ...decl.childrenForFieldName('name'),
      ...decl
        .descendantsOfType('variable_declarator')
        .map((d) => d.childForFieldName('name') ?? d.namedChildren[0]),
    ];
    if (names.some((n) => n?.text === field)) types.push(type.text);
  }
  return types;
}

export function dependencies(input: ComposeInput): Section {
  const deps = input.facts.dependencies.map((d) => `${code(d.source)} (line ${d.line})`);
  const external = new Set<string>();
  const intoParts = new Set<string>();
  const defined = new Set(input.facts.units.map((u) => u.metrics.name.split('.').pop() ?? ''));
  const qualified = new Set(input.facts.units.map((u) => u.metrics.name));
  const source = input.request.code;
  const methodNames = new Set(
    input.facts.units
      .filter((u) => u.parent !== undefined || u.metrics.name.includes('.'))
      .map((u) => u.metrics.name.split('.').pop() ?? ''),
  );
  const macros = new Set([...source.matchAll(/^\s*#\s*define\s+([A-Za-z_]\w*)/gm)].map((m) => m[1]!));
  for (const u of callables(input))
    for (const written of u.calls) {
      // Rust's turbofish (`enc_16lsd::<{ N }>`) names the same function as `enc_16lsd`.
      const c = written.replace(/::<[\s\S]*>$/, '');
      const bare = /^(?:new\s+)?([\w$]+)$/.exec(c)?.[1];
      const member = /^(?:this|self|cls|[a-z_$][\w$]*)\.([\w$]+)$/.exec(c)?.[1];
      const owner = u.metrics.name.includes('.')
        ? u.metrics.name.slice(0, u.metrics.name.lastIndexOf('.'))
        : '';
      // A helper, constant, parameter or variable defined anywhere in the snippet is not external; nor is a
      // unit called by its full name (`exports.sign`), nor a method of the caller's own type called on a
      // variable (`s.advance()` in Go's `Scanner.Scan`, `self.helper()`), which is most likely that method.
      if (defined.has(c) || qualified.has(c) || (member && owner && qualified.has(`${owner}.${member}`)))
        continue;
      if (/^(this|self|cls)\./.test(c) && member && defined.has(member)) continue;
      // A method of that name written in the snippet (`out.append` on a `lazybuf` it defines) may well be
      // the one called: it is not said to be defined elsewhere.
      if (member && methodNames.has(member)) continue;
      // A C macro defined in the snippet (`#define CHECK_EOF() …`) is no function from outside.
      if (bare && macros.has(bare)) continue;
      if (ownPart(u, c)) {
        intoParts.add(written);
        continue;
      }
      if (bare && (defined.has(bare) || u.params.includes(bare) || boundIn(source, bare))) continue;
      const shown = shownCallee(written);
      if (shown) external.add(shown);
    }
  const parts = [
    importsText(input, deps),
    external.size
      ? `Calls to functions defined outside this snippet (imported, built in, or methods of other objects): ${listUpTo([...external].map(code), 15)}.`
      : undefined,
    intoParts.size
      ? `${capitalize(listUpTo([...intoParts].map(code), 15))} call${intoParts.size === 1 ? 's' : ''} a method of the same name on a part reached from the object itself: most likely this same method, going down into the structure (recursion).`
      : undefined,
  ];
  return { title: 'Dependencies', content: parts.filter(Boolean).join('\n\n') };
}

/** Whether a return sits under a test that `name` is not nil (`if err != nil { return …, err }`). */
function checkedNotNil(u: UnitFacts, s: Step, name: string): boolean {
  const nodes = u.metrics.node.doc.nodes;
  for (let p = nodes[s.node]?.parent; p && p.id !== u.metrics.node.id; p = p.parent) {
    const condition = p.childForFieldName('condition')?.text ?? '';
    if (new RegExp(`(?<![\\w.])${name}\\s*!=\\s*nil\\b`).test(condition)) return true;
  }
  return false;
}

/**
 * A returned value that is an error by its language's convention: Go's last
 * result built by `errors.New`/`fmt.Errorf` or passed on as `err`, Rust's
 * `Err(…)`, JavaScript's `Promise.reject(…)`.
 */
function isErrorValue(subject: string): boolean {
  const last =
    subject
      .split(/,\s*(?![^()]*\))/)
      .pop()
      ?.trim() ?? '';
  return (
    /^Err\(/.test(subject) ||
    /^Promise\.reject\(/.test(subject) ||
    (subject.includes(',') || /^(errors\.New|fmt\.Errorf)\(/.test(subject)
      ? // `err` itself, not a name that starts with it (`errorSelector)` of a call's last argument).
        // A clipped subject's last part may be cut inside a call: nothing is read from it.
        !subject.endsWith('…') &&
        /^(err$|[Ee]rr[A-Z]\w*$|errors\.New\(|fmt\.Errorf\(|&?\w*Error\{|\w+\.Wrap\w*\()/.test(last)
      : false)
  );
}

/**
 * "`f` jumps to `fail` (line 14) with `goto` from lines 7 and 10; the code there returns `false`
 * (line 16)": each label a unit's `goto`s reach, with how many jump there and, where the code at
 * the label returns, the value it returns (C's cleanup-and-fail idiom).
 */
function gotoLines(u: UnitFacts): string[] {
  const byLabel = new Map<string, GotoExit[]>();
  for (const g of u.gotoExits) byLabel.set(g.label, [...(byLabel.get(g.label) ?? []), g]);
  return [...byLabel].map(([label, jumps]) => {
    const first = jumps[0]!;
    const from = `${count(jumps.length, `${code('goto')} statement`)} (${jumps.length === 1 ? 'line' : 'lines'} ${listUpTo(
      jumps.map((j) => String(j.line)),
      6,
    )})`;
    const there = first.returns
      ? first.returns.value
        ? `; the code there returns ${code(first.returns.value)} (line ${first.returns.line})`
        : `; the code there returns (line ${first.returns.line})`
      : '';
    return `${signature(u)} jumps to the label ${code(label)} (line ${first.labelLine}) with ${from}${there}.`;
  });
}

/** Go's calls that end the program, or unwind the stack as a throw would. */
const GO_ENDS = /^(?:panic|log\.(?:Panic|Fatal)(?:f|ln)?|os\.Exit)$/;
/** C's calls that never return: the program ends, or the stack unwinds to a `setjmp` (Lua's errors do so). */
const C_ENDS = /^(?:abort|exit|_exit|_Exit|quick_exit)$/;
const C_JUMPS = /^(?:longjmp|siglongjmp|lua_error|luaL_error|luaL_argerror|luaL_typeerror)$/;
/** Rust's macros that panic, always or when their check fails. */
const RUST_PANICS = /^(?:panic|unreachable|todo|unimplemented|(?:debug_)?assert(?:_eq|_ne)?)$/;

/**
 * "`decode()` panics on line 126: `panic(…)`": the calls in a unit's own code (not in a function written
 * inside it) that end it as a throw would (Go's `panic`, `log.Fatal`, `os.Exit`; Rust's `panic!`,
 * `unreachable!`, a failing `assert!`, `.unwrap()` on a `None` or an `Err`).
 */
function abortLines(input: ComposeInput, u: UnitFacts, units: readonly UnitFacts[]): string[] {
  const language = input.request.language;
  if (language !== 'go' && language !== 'rust' && language !== 'c' && language !== 'cpp') return [];
  const node = u.metrics.node;
  const innermost = (n: SnapshotNode): boolean =>
    !units.some(
      (o) =>
        o !== u &&
        o.metrics.node.startIndex >= node.startIndex &&
        o.metrics.node.endIndex <= node.endIndex &&
        (o.metrics.node.startIndex > node.startIndex || o.metrics.node.endIndex < node.endIndex) &&
        n.startIndex >= o.metrics.node.startIndex &&
        n.endIndex <= o.metrics.node.endIndex,
    );
  const lines: string[] = [];
  const seen = new Set<number>();
  const said = (n: SnapshotNode, sentence: string): void => {
    const line = n.startPosition.row + 1;
    if (seen.has(line) || !innermost(n)) return;
    seen.add(line);
    lines.push(sentence.replace('{line}', String(line)).replace('{code}', code(clipCode(n.text))));
  };
  const sig = signature(u);
  for (const call of node.descendantsOfType(['call_expression', 'macro_invocation'])) {
    if (call.type === 'macro_invocation') {
      const name = call.childForFieldName('macro')?.text ?? call.namedChildren[0]?.text ?? '';
      if (RUST_PANICS.test(name))
        said(
          call,
          name.includes('assert')
            ? `${sig} panics on line {line} if the check fails${name.startsWith('debug_') ? ' (in a debug build)' : ''}: {code}.`
            : `${sig} panics on line {line}: {code}.`,
        );
      continue;
    }
    const callee = call.childForFieldName('function');
    if (!callee) continue;
    if (language === 'go' && GO_ENDS.test(callee.text))
      said(
        call,
        /Exit|Fatal/.test(callee.text)
          ? `${sig} ends the whole program on line {line}: {code}.`
          : `${sig} panics on line {line}: {code}.`,
      );
    if ((language === 'c' || language === 'cpp') && C_ENDS.test(callee.text))
      said(call, `${sig} ends the whole program on line {line}: {code}.`);
    if ((language === 'c' || language === 'cpp') && C_JUMPS.test(callee.text))
      said(
        call,
        `${sig} leaves on line {line} without returning: ${code(callee.text)} never returns, it jumps back to where a ${code('setjmp')} (or Lua's protected call) was made: {code}.`,
      );
    const method = callee.childForFieldName('field')?.text;
    if (language === 'rust' && (method === 'unwrap' || method === 'expect'))
      said(
        call,
        `${sig} calls ${code(`.${method}()`)} on line {line}, which panics on a \`None\` or an \`Err\`.`,
      );
  }
  return lines;
}

/** A call as quoted in an error path: its first line, cut short. */
function clipCode(text: string): string {
  const first = text.split('\n')[0]!;
  return first.length > 60 || first !== text ? `${first.slice(0, 57)}…` : first;
}

/**
 * "`decode()` stores an error value in `r.err` (line 70)": a Go method that stores an error in a field named
 * for one (`err`, `lastErr`), other than clearing it with `nil`, reports it through that field (the first
 * such assignment of each field is quoted).
 */
function errorFieldLines(input: ComposeInput, u: UnitFacts): string[] {
  if (input.request.language !== 'go') return [];
  return u.purpose.dataFlow.fieldWrites
    .filter((w) => !w.method && !w.element && !w.via)
    .filter(
      (w) =>
        /(?:^|\.)(?:err|error|\w*Err|\w*Error)$/.test(w.target) &&
        !new RegExp(`${escapeRegExp(w.target)}\\s*=\\s*nil\\b`).test(w.text) &&
        /(?<![=!<>:])=(?!=)/.test(w.text),
    )
    .map(
      (w) => `${signature(u)} stores an error value in ${code(w.target)} (line ${w.line}): ${code(w.text)}.`,
    );
}

/**
 * "`f(x)` asserts on lines 78 and 94: each raises `AssertionError` when its condition is false": an
 * `assert` statement (Python, Java) is a way out too, on by default in Python and with `-ea` in Java.
 */
function assertLines(input: ComposeInput, u: UnitFacts): string[] {
  const unit = u.metrics.node;
  const own = unit.descendantsOfType('assert_statement').filter((a) => {
    for (let p = a.parent; p && p.id !== unit.id; p = p.parent) if (FUNCTION_TYPES.has(p.type)) return false;
    return true;
  });
  if (own.length === 0) return [];
  const at = own.map((a) => String(a.startPosition.row + 1));
  const when =
    input.languageName === 'Java'
      ? 'throws an AssertionError when its condition is false and assertions are enabled (java -ea)'
      : 'raises an AssertionError when its condition is false (unless Python runs with -O)';
  return [
    `${signature(u)} asserts on ${at.length === 1 ? 'line' : 'lines'} ${listUpTo(at, 6)}: each ${when}.`,
  ];
}

export function errorPaths(input: ComposeInput): Section {
  const lines: string[] = [];
  let noted = false;
  const units = callables(input);
  for (const u of units) {
    lines.push(...abortLines(input, u, units), ...errorFieldLines(input, u));
    for (const s of u.steps) {
      if (s.kind === 'throw')
        lines.push(
          `${signature(u)} ${raisesIn(input) ? 'raises' : 'throws'} ${s.subject ? code(s.subject) : 'an error'} on line ${s.line}.`,
        );
      if (endsIteration(s))
        lines.push(
          `${signature(u)} handles the end of an iteration on line ${s.line}: ${code(s.caught![0]!)} signals that an iterator has no next item, which is not an error.`,
        );
      else if (s.kind === 'catch')
        lines.push(
          `${signature(u)} catches errors on line ${s.line}${s.subject ? ` as ${code(s.subject)}` : ''}.`,
        );
      if (s.kind === 'return' && s.subject && isErrorValue(s.subject)) {
        // A bare `err` passed on is an error only where it was found not to be nil.
        const passed = /(?:^|,\s*)(err|[Ee]rr[A-Z]\w*)$/.exec(s.subject.trim())?.[1];
        lines.push(
          passed && !checkedNotNil(u, s, passed)
            ? `${signature(u)} returns ${code(s.subject)} on line ${s.line}: an error whenever ${code(passed)} is not nil.`
            : `${signature(u)} returns an error on line ${s.line}: ${code(s.subject)}.`,
        );
      } else if (s.kind === 'return' && s.early) {
        const returning = s.subject
          ? `, returning ${code(s.subject)}`
          : s.results
            ? `, returning ${namedResultsPhrase(s.results)}`
            : '';
        // A `case` arm that returns is one of the answers a switch picks between, not a way out before the work.
        const arm = caseArmOf(u, s);
        if (arm !== undefined) {
          lines.push(
            `${signature(u)} returns from the \`case\` on line ${arm}${returning ? ` (line ${s.line}${returning})` : ` (line ${s.line})`}.`,
          );
          continue;
        }
        // Said once: after the first, "leaves early" is understood the same way.
        const note = noted ? '' : ' (the code after it runs only when it does not)';
        noted = true;
        lines.push(`${signature(u)} leaves early on line ${s.line}${returning}${note}.`);
      }
    }
    lines.push(...gotoLines(u), ...assertLines(input, u));
    const propagated = u.purpose.dataFlow.propagates;
    if (propagated.length)
      lines.push(
        `${signature(u)} passes errors up to its caller with ${code('?')} (${propagated.length === 1 ? 'line' : 'lines'} ${listUpTo(propagated.map(String), 6)}).`,
      );
  }
  const listed = bulletListUpTo(lines, MAX_EXITS, 'throws, catches and early exits');
  const parseErrors = parseErrorsSentence(input);
  return {
    title: 'Error paths and early exits',
    content:
      lines.length || parseErrors
        ? [parseErrors ? `- ${parseErrors}` : '', lines.length ? listed : ''].filter(Boolean).join('\n')
        : 'No throw, catch, error return or early return appears in this code (errors raised by the functions it calls can still end it early).',
  };
}

/** Big-O estimate from loops, recursion and searches inside loops; says it is an estimate and why (cost.ts). */
export function timeComplexity(input: ComposeInput, voice: Voice): Section {
  const units = callables(input);
  const lines = units.slice(0, MAX_UNITS).map((u) => {
    const { estimate, why } = estimateOf(u, input.facts.units);
    return `${signature(u)}: ${estimate} — ${why}.`;
  });
  if (units.length > MAX_UNITS)
    lines.push(`…and ${count(units.length - MAX_UNITS, 'more function')}, not estimated here.`);
  const caveat = voice.expert
    ? undefined
    : // The rules an estimate follows, once and short: the reasons beside each estimate carry the rest.
      'Estimates from the code’s shape. Functions defined elsewhere count as O(1), but a sort is O(n log n) and `map` or `filter` a loop; functions of this snippet cost what they cost. n is the size of what the loops run over, m that of a collection searched inside a loop.';
  return {
    title: 'Estimated time complexity',
    content: [lines.length ? bulletList(lines) : noFunctions(input), caveat].filter(Boolean).join('\n\n'),
  };
}

export function hotSpots(input: ComposeInput): Section {
  const lines: string[] = [];
  for (const u of callables(input)) {
    const sig = signature(u);
    const loops = u.steps.filter((s) => s.kind === 'loop');
    // The innermost loop of the chain whose loops multiply: not one inside it that shares its index.
    const multiplying = multiplyingLoopLine(u);
    const deepest =
      loops.find((s) => s.line === multiplying) ??
      loops.reduce<Step | undefined>((a, s) => (!a || s.depth > a.depth ? s : a), undefined);
    // Only where nesting multiplies: a loop that shares its cursor with the one around it, or that the
    // function leaves right after, does not run again for every turn of it.
    if (deepest && u.maxLoopDepth >= 2 && multiplyingDepth(u) >= 2) {
      // Under an `if` or a `switch` arm inside the loops around it, it runs only on the turns that take that arm.
      const conditional = u.steps.some(
        (s) =>
          (s.kind === 'branch' || s.kind === 'switch') &&
          s.line < deepest.line &&
          s.depth < deepest.depth &&
          s.loopDepth > 0,
      );
      lines.push(
        `${sig}: the innermost loop on line ${deepest.line} ${conditional ? 'can run' : 'runs'} for every iteration of the loops around it.`,
      );
    }
    lines.push(...searchHotSpots(u, sig));
    const { repeated, once } = loopCalls(u);
    if (repeated.length) {
      lines.push(
        // Some may sit under a condition: each turn that reaches them pays again, which is all that is sure.
        `${sig} calls ${listUpTo(repeated.map(code), 6)} inside a loop; each turn that reaches them pays their cost again.`,
      );
    }
    if (once.length) {
      const names = [...new Set(once.map((s) => s.subject!))].map(code);
      const where = lineList(once.map((s) => s.line));
      lines.push(
        `${sig} calls ${listUpTo(names, 6)} inside a loop but on its way out of it (${where}), so ${once.length === 1 && names.length === 1 ? 'that call runs' : 'those calls run'} at most once per ${once.every((s) => s.leaves === 'unit') ? 'call' : 'run of the loop'}, not once per iteration.`,
      );
    }
  }
  // A walk's calls to itself in its loop over the parts are repeated work too, which its estimate counts.
  const walks = callables(input).filter(
    (u) =>
      u.recursion?.shape === 'structural' &&
      u.steps.some(
        (s) =>
          s.kind === 'call' &&
          s.loopDepth > 0 &&
          u.recursion!.calls.some((c) => c.startsWith(`${s.subject}(`)),
      ),
  );
  return {
    title: 'Hot spots',
    content: lines.length
      ? bulletListUpTo(lines, MAX_LIST_ITEMS, 'hot spots')
      : walks.length
        ? `No nested loops, and no calls inside loops but ${listOf(walks.map((u) => signature(u)))}'s calls to itself on each part, in the loop over them: the estimate above counts each part once.`
        : 'No nested loops or calls inside loops: no part of the code repeats work per iteration.',
  };
}

/** "line 4", "lines 4 and 9". */
function lineList(lines: readonly number[]): string {
  const unique = [...new Set(lines)];
  return unique.length === 1 ? `line ${unique[0]}` : `lines ${listOf(unique.map(String))}`;
}

export function securityFindings(input: ComposeInput): Section {
  const found = input.suggestions.filter((s) => s.type === 'security');
  return {
    title: 'Security findings',
    content: found.length
      ? suggestionsList(
          found,
          input.findings.filter((s) => s.type === 'security'),
        )
      : noSecurityFindings(input),
  };
}

/** Words for a rule's id where its letters do not say it: `security/xss` → "cross-site scripting". */
const CHECK_WORDS: Readonly<Record<string, string>> = {
  sql: 'SQL',
  xss: 'cross-site scripting',
  ssrf: 'SSRF',
  xxe: 'XXE',
  jwt: 'JWT',
  tls: 'TLS',
};

/** What checks look for where their id's words do not say it plainly. */
const CHECK_NAMES: Readonly<Record<string, string>> = {
  'html-injection': 'HTML injection',
  'weak-random': 'weak randomness for secrets',
  'hardcoded-secret': 'hard-coded credentials',
  'unsafe-deserialization': 'unsafe deserialisation',
  'tls-verification-disabled': 'disabled TLS verification',
  'weak-hash': 'weak hashes of secrets',
  'error-details': 'error details sent to users',
  'jwt-verification': 'unverified JWTs',
};

/** "SQL injection", "weak hashes of secrets": what a check looks for, from its id. */
function checkName(meta: RuleMeta): string {
  const tail = meta.id.split('/').pop() ?? meta.id;
  const named = CHECK_NAMES[tail];
  if (named) return named;
  return tail
    .split('-')
    .map((w) => CHECK_WORDS[w] ?? w)
    .join(' ');
}

/** Languages whose memory no check reads: a reader of "no findings" must not take it for a pass on them. */
const MEMORY_UNSAFE: ReadonlySet<string> = new Set(['c', 'cpp']);

/**
 * "No findings", with what was looked at for this language, read from the checks that ran, and what was
 * not: a list of checks the language does not get would be false assurance.
 */
function noSecurityFindings(input: ComposeInput): string {
  const ran = input.checks.filter((c) => c.type === 'security');
  const memory = MEMORY_UNSAFE.has(input.request.language)
    ? ` No check here reads memory safety (buffer bounds, off-by-one writes, use after free, integer overflow in sizes), so none of that is ruled out.`
    : '';
  if (ran.length === 0)
    return `No findings: no security checks exist for ${input.languageName} yet, so nothing was looked at.${memory}`;
  // A check finds a known shape (untrusted input reaching a sink, a weak algorithm); it does not judge a
  // bound, a prefix test or a comparison the code writes itself, so "none matched" is said as no more.
  return `No findings. The security checks that ran for ${input.languageName} look for ${listOf(ran.map(checkName))}; none matched. They look for known shapes, such as untrusted input reaching a dangerous call; a check the code makes itself (a bound, a path prefix, a length) can still be wrong without any of them matching.${memory}`;
}
