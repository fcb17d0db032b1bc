/**
 * The labeled findings corpus: snippet files whose leading comment lines say
 * which findings a correct analysis reports (`expect: <rule>@<line>`) and
 * which rules must stay quiet on them (`silent: <rule>`), and the scoring of
 * a set of findings against those labels.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FocusArea, LanguageId } from '@code-explain/shared';
import { z } from 'zod';

export const CORPUS_DIR = fileURLToPath(new URL('../findings-corpus', import.meta.url));

/** Snippets labeled with rules that are still being built: kept apart until those rules land. */
export const PLANNED_DIR = 'planned';

const LANGUAGE_OF_EXTENSION: Readonly<Record<string, LanguageId>> = {
  '.js': 'javascript',
  '.ts': 'typescript',
  '.py': 'python',
  '.java': 'java',
  '.go': 'go',
  '.cs': 'csharp',
};

const RULE_ID = z.string().regex(/^[a-z_]+\/[a-z0-9-]+$/, 'a rule id such as security/sql-injection');

const HeaderLine = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('expect'), rule: RULE_ID, line: z.number().int().positive() }),
  z.object({ kind: z.literal('silent'), rule: RULE_ID }),
]);

const Snippet = z
  .object({
    file: z.string(),
    language: z.enum(Object.values(LANGUAGE_OF_EXTENSION) as [LanguageId, ...LanguageId[]]),
    code: z.string().min(1),
    expects: z.array(z.object({ rule: RULE_ID, line: z.number().int().positive() })),
    silent: z.array(RULE_ID),
  })
  .refine((s) => s.expects.length + s.silent.length > 0, 'a snippet labels at least one rule')
  .refine(
    (s) => s.expects.every((e) => e.line <= s.code.split('\n').length),
    'every expected line is inside the snippet',
  );

export type Snippet = z.infer<typeof Snippet>;

export interface Label {
  readonly rule: string;
  readonly line: number;
}

/** One finding, reduced to what the labels speak of. */
export interface Finding {
  readonly rule: string;
  readonly line: number;
}

/** `# expect: rule@12` / `// silent: rule`: the labels, in the snippet's own comment syntax. */
const HEADER = /^(?:#|\/\/)\s*(expect|silent):\s*(\S+?)(?:@(\d+))?\s*$/;

/** The labels of a snippet file: its leading comment lines, up to the first line of code. */
export function parseSnippet(file: string, code: string): Snippet {
  const language = LANGUAGE_OF_EXTENSION[extname(file)];
  const header: z.infer<typeof HeaderLine>[] = [];
  for (const line of code.split('\n')) {
    const match = HEADER.exec(line.trim());
    if (!match) break;
    const [, kind, rule, at] = match;
    header.push(HeaderLine.parse({ kind, rule, ...(at !== undefined ? { line: Number(at) } : {}) }));
  }
  return Snippet.parse({
    file,
    language,
    code,
    expects: header.flatMap((h) => (h.kind === 'expect' ? [{ rule: h.rule, line: h.line }] : [])),
    silent: header.flatMap((h) => (h.kind === 'silent' ? [h.rule] : [])),
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

/** Every snippet of the main tree (`planned/` left out, unless asked for), in a stable order. */
export function loadCorpus(dir: string = CORPUS_DIR, { planned = false } = {}): Snippet[] {
  return filesUnder(dir)
    .map((path) => relative(dir, path))
    .filter((file) => file.startsWith(`${PLANNED_DIR}/`) === planned)
    .map((file) => parseSnippet(file, readFileSync(join(dir, file), 'utf8')));
}

/** A near miss labels no finding: everything it names must stay silent. */
export function isNearMiss(snippet: Snippet): boolean {
  return snippet.expects.length === 0;
}

/**
 * The rules whose findings on this snippet are judged: the ones it labels,
 * and every security rule (a security finding anywhere in the corpus is
 * either labeled or false). Findings of other rules (a long function, a
 * missing doc comment) are outside what the corpus measures.
 */
export function judgedRules(snippet: Snippet): (rule: string) => boolean {
  const labeled = new Set([...snippet.expects.map((e) => e.rule), ...snippet.silent]);
  return (rule) => labeled.has(rule) || rule.startsWith('security/');
}

export interface Outcome<F extends Finding = Finding> {
  readonly truePositives: readonly F[];
  readonly falsePositives: readonly F[];
  readonly misses: readonly Label[];
}

/** Findings matched to labels on (rule, line) exactly. */
export function scoreExact(snippet: Snippet, findings: readonly Finding[]): Outcome {
  const judged = judgedRules(snippet);
  const open = [...snippet.expects];
  const truePositives: Finding[] = [];
  const falsePositives: Finding[] = [];
  for (const finding of findings) {
    if (!judged(finding.rule)) continue;
    const at = open.findIndex((e) => e.rule === finding.rule && e.line === finding.line);
    if (at >= 0) {
      open.splice(at, 1);
      truePositives.push(finding);
    } else {
      falsePositives.push(finding);
    }
  }
  return { truePositives, falsePositives, misses: open };
}

/**
 * Findings matched to labels by rule within the file, nearest line first.
 * Used for the side-by-side comparison with other tools, which report a
 * problem on a line of their own choosing (bandit's B608 on the string that
 * builds the query, ours on the call that runs it): each tool, ours
 * included, gets a match for each expected finding of the kind it reports
 * anywhere in the file; findings past the expected count are false.
 */
export function scoreByFile<F extends Finding>(
  snippet: Snippet,
  findings: readonly F[],
  kinds: ReadonlySet<string>,
): Outcome<F> {
  const open = snippet.expects.filter((e) => kinds.has(e.rule));
  const truePositives: F[] = [];
  const falsePositives: F[] = [];
  for (const finding of findings) {
    if (!kinds.has(finding.rule)) continue;
    let best = -1;
    for (let i = 0; i < open.length; i++) {
      if (open[i]!.rule !== finding.rule) continue;
      if (best < 0 || Math.abs(open[i]!.line - finding.line) < Math.abs(open[best]!.line - finding.line))
        best = i;
    }
    if (best >= 0) {
      open.splice(best, 1);
      truePositives.push(finding);
    } else {
      falsePositives.push(finding);
    }
  }
  return { truePositives, falsePositives, misses: open };
}

export interface Tally {
  tp: number;
  fp: number;
  fn: number;
}

export const emptyTally = (): Tally => ({ tp: 0, fp: 0, fn: 0 });

export function add(tally: Tally, outcome: Outcome): void {
  tally.tp += outcome.truePositives.length;
  tally.fp += outcome.falsePositives.length;
  tally.fn += outcome.misses.length;
}

/** Precision: undefined when nothing was reported (no claim, so nothing to be right or wrong about). */
export function precision(t: Tally): number | undefined {
  return t.tp + t.fp === 0 ? undefined : t.tp / (t.tp + t.fp);
}

/** Recall: undefined when nothing was expected. */
export function recall(t: Tally): number | undefined {
  return t.tp + t.fn === 0 ? undefined : t.tp / (t.tp + t.fn);
}

export const percent = (x: number | undefined): string =>
  x === undefined ? '—' : `${(100 * x).toFixed(1)} %`;

export function areaOf(rule: string): FocusArea {
  return rule.slice(0, rule.indexOf('/')) as FocusArea;
}

/** A fixed-width text table: a header row, then rows. */
export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
