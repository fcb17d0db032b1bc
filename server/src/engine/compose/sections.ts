/**
 * Section builders. Each returns a titled section from facts, metrics and
 * suggestions, or nothing when it would have nothing true to say.
 */
import { readingOf, type FocusArea, type Section, type Suggestion } from '@code-explain/shared';
import type { Step } from '../facts/model.js';
import type { Voice } from './audience.js';
import type { ComposeInput } from './input.js';
import {
  callables,
  classes,
  dependenciesSentence,
  overviewSentence,
  parseErrorsSentence,
  standouts,
} from './overview.js';
import { bulletList, code, count, lineRange, listOf, sentences } from './text.js';
import { describeClass, describeSteps, describeUnit, signature } from './walkthrough.js';

const MAX_UNITS = 12;

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

const raisesIn = (input: ComposeInput) =>
  input.request.language === 'python' || input.request.language === 'ruby';

export function overview(input: ComposeInput, voice: Voice): Section {
  const notes = standouts(input, voice);
  const content = sentences(
    parseErrorsSentence(input),
    overviewSentence(input, voice),
    ...classes(input).map((c) => describeClass(c, input.facts, voice)),
    dependenciesSentence(input),
    voice.expert && notes.length > 0 ? notes[0] : undefined,
  );
  return { title: 'Overview', content };
}

export function walkthrough(input: ComposeInput, voice: Voice, withLines: boolean): Section {
  const units = callables(input);
  const paragraphs = units
    .slice(0, MAX_UNITS)
    .map((u) => describeUnit(u, voice, { withLines, maxSteps: voice.expert ? 5 : 10 }, raisesIn(input)));
  if (units.length > MAX_UNITS)
    paragraphs.push(`${units.length - MAX_UNITS} more functions are not described here.`);
  const top = describeSteps(input.facts.topLevel, voice, { withLines, maxSteps: 8 }, raisesIn(input));
  if (top) paragraphs.push(`At the top level, the code ${top}.`);
  if (paragraphs.length === 0)
    paragraphs.push('The code has no loops, branches, calls or returns to walk through.');
  return {
    title: withLines ? 'Block-by-block walkthrough' : 'Walkthrough',
    content: paragraphs.join('\n\n'),
  };
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
  const perUnit =
    units.length > 0
      ? `Per function:\n${bulletList(
          units
            .slice(0, 20)
            .map(
              (u) =>
                `${signature(u)} (${lineRange(u.metrics.startLine, u.metrics.endLine)}): cyclomatic ${u.metrics.cyclomatic} (${readingOf('cyclomatic', u.metrics.cyclomatic)}), cognitive ${u.metrics.cognitive} (${readingOf('cognitive', u.metrics.cognitive)}), Halstead volume ${u.metrics.halstead.volume.toFixed(0)} (${readingOf('halstead', u.metrics.halstead.volume)})`,
            ),
        )}`
      : undefined;
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

export function suggestionsSection(input: ComposeInput, title = 'Suggestions'): Section {
  if (input.suggestions.length === 0) {
    return { title, content: 'The checks that ran found nothing to suggest for this code.' };
  }
  return { title, content: bulletList(input.suggestions.map(suggestionLine)) };
}

export function focusSection(input: ComposeInput, area: FocusArea): Section {
  const found = input.suggestions.filter((s) => s.type === area);
  const title = `Focus: ${FOCUS_TITLES[area]}`;
  if (found.length === 0) {
    return {
      title,
      content: `No ${FOCUS_TITLES[area].toLowerCase()} issues were found by the checks that ran on this code.`,
    };
  }
  return { title, content: bulletList(found.map(suggestionLine)) };
}

export function inputsOutputs(input: ComposeInput): Section {
  const lines = callables(input)
    .slice(0, MAX_UNITS)
    .map((u) => {
      const params = !u.paramsKnown
        ? undefined
        : u.params.length
          ? `inputs ${listOf(u.params.map(code))}`
          : 'no inputs';
      const returns = u.steps.filter((s) => s.kind === 'return');
      const values = [...new Set(returns.map((r) => r.subject).filter((s): s is string => Boolean(s)))];
      const out =
        values.length > 0
          ? `returns ${listOf(values.slice(0, 4).map(code), 'or')}${values.length > 4 ? ' among others' : ''}`
          : returns.length > 0
            ? 'returns without a value'
            : u.isGenerator
              ? 'yields values'
              : 'has no return statement';
      return `${signature(u)}: ${params ? `${params}; ` : ''}${out}.`;
    });
  return {
    title: 'Inputs and outputs',
    content: lines.length ? bulletList(lines) : 'The snippet defines no functions.',
  };
}

// Callees whose names say they leave the function: output, files, network,
// processes, storage. A name match is what is claimed, nothing more.
const EFFECT =
  /(^|\.)(console\.\w+|print|println|printf|fprintf|puts|log|warn|error|write\w*|send\w*|fetch|request|post|put|delete|remove\w*|unlink\w*|mkdir\w*|exec\w*|spawn\w*|system|open|save\w*|insert\w*|update\w*|emit|dispatch|setItem|Print\w*|Fprint\w*|Exit|exit)$/;

export function sideEffects(input: ComposeInput): Section {
  const lines: string[] = [];
  for (const u of callables(input).slice(0, MAX_UNITS)) {
    const effects = u.calls.filter((c) => EFFECT.test(c));
    if (effects.length)
      lines.push(
        `${signature(u)} calls ${listOf(effects.slice(0, 6).map(code))}, whose names suggest they write output, files, network or state.`,
      );
    const throws = u.steps.filter((s) => s.kind === 'throw').length;
    if (throws) lines.push(`${signature(u)} can end by throwing (${count(throws, 'place')}).`);
  }
  return {
    title: 'Side effects',
    content: lines.length
      ? bulletList(lines)
      : 'No calls whose names suggest output, I/O or state changes were found; side effects through the functions it calls cannot be seen from this snippet alone.',
  };
}

export function dependencies(input: ComposeInput): Section {
  const deps = input.facts.dependencies.map((d) => `${code(d.source)} (line ${d.line})`);
  const external = new Set<string>();
  const defined = new Set(input.facts.units.map((u) => u.metrics.name.split('.').pop() ?? ''));
  for (const u of callables(input)) for (const c of u.calls) if (!defined.has(c)) external.add(c);
  const parts = [
    deps.length ? `Imports:\n${bulletList(deps)}` : 'It imports nothing.',
    external.size
      ? `Calls to functions not defined in this snippet: ${listOf([...external].slice(0, 15).map(code))}${external.size > 15 ? ` and ${external.size - 15} more` : ''}.`
      : undefined,
  ];
  return { title: 'Dependencies', content: parts.filter(Boolean).join('\n\n') };
}

export function errorPaths(input: ComposeInput): Section {
  const lines: string[] = [];
  for (const u of callables(input).slice(0, MAX_UNITS)) {
    for (const s of u.steps) {
      if (s.kind === 'throw')
        lines.push(
          `${signature(u)} ${raisesIn(input) ? 'raises' : 'throws'} ${s.subject ? code(s.subject) : 'an error'} on line ${s.line}.`,
        );
      if (s.kind === 'catch')
        lines.push(
          `${signature(u)} catches errors on line ${s.line}${s.subject ? ` as ${code(s.subject)}` : ''}.`,
        );
      if (s.kind === 'return' && s.depth > 0)
        lines.push(
          `${signature(u)} leaves early on line ${s.line}${s.subject ? `, returning ${code(s.subject)}` : ''} (a guard or a special case, not necessarily an error).`,
        );
    }
  }
  if (input.facts.errorRegions > 0) lines.unshift(parseErrorsSentence(input) ?? '');
  return {
    title: 'Error paths and early exits',
    content: lines.length
      ? bulletList(lines)
      : 'No throw, catch or early return appears in this code (errors raised by the functions it calls can still end it early).',
  };
}

/** Big-O estimate from loop nesting and self-calls; says it is an estimate and why. */
export function timeComplexity(input: ComposeInput, voice: Voice): Section {
  const lines = callables(input)
    .slice(0, MAX_UNITS)
    .map((u) => {
      let estimate: string;
      let why: string;
      if (u.selfCallSites >= 2) {
        estimate = 'O(2^n) or worse';
        why = `it calls itself at ${u.selfCallSites} places per call, so calls can multiply at every level`;
      } else if (u.recursive) {
        estimate = u.maxLoopDepth > 0 ? `O(n^${u.maxLoopDepth + 1})` : 'O(n)';
        why = `it calls itself once per call${u.maxLoopDepth ? ` and loops ${u.maxLoopDepth} deep at each level` : ''}, so the work grows with the recursion depth`;
      } else if (u.maxLoopDepth === 0) {
        estimate = 'O(1)';
        why = 'it has no loops or recursion (not counting the functions it calls)';
      } else {
        estimate = u.maxLoopDepth === 1 ? 'O(n)' : `O(n^${u.maxLoopDepth})`;
        why = `its loops nest ${u.maxLoopDepth} deep, taking n as the size of what each loop runs over`;
      }
      return `${signature(u)}: ${estimate} — ${why}.`;
    });
  const caveat = voice.expert
    ? undefined
    : 'These are estimates from the code’s shape: calls into other functions count as constant time, and every loop is assumed to run over the same input size n.';
  return {
    title: 'Estimated time complexity',
    content: [lines.length ? bulletList(lines) : 'The snippet defines no functions.', caveat]
      .filter(Boolean)
      .join('\n\n'),
  };
}

export function hotSpots(input: ComposeInput): Section {
  const lines: string[] = [];
  for (const u of callables(input)) {
    const loops = u.steps.filter((s) => s.kind === 'loop');
    const deepest = loops.reduce<Step | undefined>((a, s) => (!a || s.depth > a.depth ? s : a), undefined);
    if (deepest && u.maxLoopDepth >= 2) {
      lines.push(
        `${signature(u)}: the innermost loop on line ${deepest.line} runs for every iteration of the loops around it.`,
      );
    }
    const inLoop = u.steps.filter((s) => s.kind === 'call' && s.subject && s.loopDepth > 0);
    if (inLoop.length) {
      const names = [...new Set(inLoop.map((s) => s.subject!))].slice(0, 6).map(code);
      lines.push(
        `${signature(u)} calls ${listOf(names)} inside a loop; their cost is multiplied by the number of iterations.`,
      );
    }
  }
  return {
    title: 'Hot spots',
    content: lines.length
      ? bulletList(lines)
      : 'No nested loops or calls inside loops: no part of the code repeats work per iteration.',
  };
}

export function securityFindings(input: ComposeInput): Section {
  const found = input.suggestions.filter((s) => s.type === 'security');
  return {
    title: 'Security findings',
    content: found.length
      ? bulletList(found.map(suggestionLine))
      : `No findings. The security checks for ${input.languageName} look for code injection, command injection, SQL injection, cross-site scripting, weak randomness for secrets, hard-coded credentials and unsafe deserialisation; none matched.`,
  };
}
