/**
 * Fixes that are right: for the de-duplication idiom (`if x in seen: …
 * seen.append(x)`), where a copy built before the loop would never grow, the
 * suggestion's fix is applied as its message words it, the fixed program
 * must parse, and run with the real toolchain it must print what the
 * original prints.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { explainRequestSchema, type LanguageId } from '@code-explain/shared';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';

interface FixCase {
  readonly language: LanguageId;
  readonly file: string;
  readonly code: string;
  /** Code the message must propose, verbatim. */
  readonly proposes: readonly string[];
  /** The edits the message asks for, as (before, after) pairs applied in order. */
  readonly edits: readonly (readonly [string, string])[];
  readonly run: (file: string) => readonly [string, readonly string[]];
}

const PYTHON: FixCase = {
  language: 'python',
  file: 'dedupe.py',
  code: [
    'def unique_lines(lines):',
    '    seen = []',
    '    out = []',
    '    for line in lines:',
    '        if line in seen:',
    '            continue',
    '        seen.append(line)',
    '        out.append(line)',
    '    return out',
    '',
    'print(",".join(unique_lines(["b", "a", "b", "c", "a"])))',
    '',
  ].join('\n'),
  proposes: ['`seen = set()`', '`seen.add(…)`'],
  edits: [
    ['seen = []', 'seen = set()'],
    ['seen.append(line)', 'seen.add(line)'],
  ],
  run: (file) => ['python3', [file]],
};

const JAVASCRIPT: FixCase = {
  language: 'javascript',
  file: 'dedupe.js',
  code: [
    'function uniqueLines(lines) {',
    '  const seen = [];',
    '  const out = [];',
    '  for (const line of lines) {',
    '    if (seen.includes(line)) continue;',
    '    seen.push(line);',
    '    out.push(line);',
    '  }',
    '  return out;',
    '}',
    '',
    "console.log(uniqueLines(['b', 'a', 'b', 'c', 'a']).join(','));",
    '',
  ].join('\n'),
  proposes: ['`new Set()`', '`seen.add(…)`', '`seen.has(…)`'],
  edits: [
    ['const seen = [];', 'const seen = new Set();'],
    ['seen.includes(line)', 'seen.has(line)'],
    ['seen.push(line)', 'seen.add(line)'],
  ],
  run: (file) => ['node', [file]],
};

const JAVA: FixCase = {
  language: 'java',
  file: 'Dedupe.java',
  code: [
    'import java.util.*;',
    '',
    'class Dedupe {',
    '  static List<String> uniqueLines(List<String> lines) {',
    '    List<String> seen = new ArrayList<>();',
    '    List<String> out = new ArrayList<>();',
    '    for (String line : lines) {',
    '      if (seen.contains(line)) continue;',
    '      seen.add(line);',
    '      out.add(line);',
    '    }',
    '    return out;',
    '  }',
    '',
    '  public static void main(String[] args) {',
    '    System.out.println(String.join(",", uniqueLines(List.of("b", "a", "b", "c", "a"))));',
    '  }',
    '}',
    '',
  ].join('\n'),
  proposes: ['Declare `seen` as a `Set`', '`new HashSet<>()`', 'keep calling `add`'],
  edits: [['List<String> seen = new ArrayList<>();', 'Set<String> seen = new HashSet<>();']],
  // The JDK runs a single source file directly.
  run: (file) => ['java', [file]],
};

const GO: FixCase = {
  language: 'go',
  file: 'dedupe.go',
  code: [
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"slices"',
    '\t"strings"',
    ')',
    '',
    'func uniqueLines(lines []string) []string {',
    '\tvar seen []string',
    '\tvar out []string',
    '\tfor _, line := range lines {',
    '\t\tif slices.Contains(seen, line) {',
    '\t\t\tcontinue',
    '\t\t}',
    '\t\tseen = append(seen, line)',
    '\t\tout = append(out, line)',
    '\t}',
    '\treturn out',
    '}',
    '',
    'func main() {',
    '\tfmt.Println(strings.Join(uniqueLines([]string{"b", "a", "b", "c", "a"}), ","))',
    '}',
    '',
  ].join('\n'),
  proposes: ['`map[T]struct{}`', '`_, ok := seen[x]`'],
  // "Keep a map[T]struct{} … instead of it, add to it where the slice grows, and test membership with _, ok := seen[x]".
  edits: [
    ['var seen []string', 'seen := map[string]struct{}{}'],
    ['slices.Contains(seen, line)', '_, ok := seen[line]; ok'],
    ['seen = append(seen, line)', 'seen[line] = struct{}{}'],
    ['\t"slices"\n', ''],
  ],
  run: (file) => ['go', ['run', file]],
};

function applyEdits(code: string, edits: FixCase['edits']): string {
  return edits.reduce((text, [before, after]) => {
    assert.ok(text.includes(before), `the snippet has no ${JSON.stringify(before)}`);
    return text.replace(before, after);
  }, code);
}

describe('fixes that keep the behaviour', function () {
  // Compiling and starting a JVM or the Go toolchain takes seconds on a loaded machine.
  this.timeout(180_000);
  let engine: Engine;
  let parser: SourceParser;
  let dir: string;
  before(() => {
    engine = createEngine();
    parser = new SourceParser();
    dir = mkdtempSync(join(tmpdir(), 'code-explain-fixes-'));
  });
  after(() => {
    void engine.dispose();
    parser.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const output = (c: FixCase, name: string, code: string): string => {
    const sub = join(dir, `${c.language}-${name}`);
    rmSync(sub, { recursive: true, force: true });
    execFileSync('mkdir', ['-p', sub]);
    const file = join(sub, c.file);
    writeFileSync(file, code);
    const [command, args] = c.run(file);
    return execFileSync(command, [...args], {
      cwd: sub,
      encoding: 'utf8',
      env: { ...process.env, GO111MODULE: 'off' },
    }).trim();
  };

  for (const c of [PYTHON, JAVASCRIPT, JAVA, GO]) {
    it(`${c.language}: the set fix for a growing list, applied as worded, parses and prints the same`, async () => {
      const response = await engine.explain(
        explainRequestSchema.parse({ code: c.code, language: c.language, focus: ['performance'] }),
      );
      const found = response.suggestions.filter((s) => s.rule === 'performance/linear-search-in-loop');
      assert.equal(found.length, 1, JSON.stringify(response.suggestions, null, 2));
      const message = found[0]!.description;
      assert.match(message, /grows inside the loop/);
      assert.doesNotMatch(message, /once before the loop/, 'a copy made before the loop would never grow');
      for (const fragment of c.proposes)
        assert.ok(message.includes(fragment), `the fix does not say ${fragment}`);

      const fixed = applyEdits(c.code, c.edits);
      const parsed = await parser.parse(fixed, c.language);
      assert.equal(parsed.errorRegions, 0, `the fixed ${c.language} does not parse:\n${fixed}`);

      assert.equal(output(c, 'original', c.code), 'b,a,c');
      assert.equal(output(c, 'fixed', fixed), 'b,a,c');
    });
  }
});
