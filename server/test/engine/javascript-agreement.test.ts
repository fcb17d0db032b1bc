/**
 * Agreement of the JavaScript/TypeScript metrics with the reference tools, on
 * real code from installed packages:
 *
 * - cyclomatic vs ESLint's core `complexity` rule, per function;
 * - cognitive vs eslint-plugin-sonarjs `cognitive-complexity`, per function;
 * - Halstead volume vs typhonjs-escomplex, per function (JavaScript files).
 *
 * ESLint runs with both rules at threshold 0, so it reports every function
 * (sonarjs reports only scores above 0: a function it does not report scored
 * 0). A small collector rule runs alongside them and records, for every
 * function node, where each rule reports it (the two rules use different head
 * positions), so reports are matched to our units by the function's start
 * position. escomplex reports only lines, so its functions are matched by
 * their first and last lines (in document order where several share them).
 *
 * The corpus is deterministic: lodash's top-level modules (with the two
 * monolithic builds, whose functions nest deep inside one closure, but not
 * the minified files), express's lib, commander's lib, five folders of
 * ESLint's own lib (modern JavaScript), zod's `src/v4/core` and this
 * repository's own TypeScript under shared/src and server/src/engine.
 * Files ESLint cannot parse are skipped and listed. Files where tree-sitter
 * finds errors ESLint does not (its TypeScript grammar predates `in`/`out`
 * variance annotations, which zod uses) are kept, and listed: the errors sit
 * in type parameters, which no metric reads.
 */
import assert from 'node:assert/strict';
import { IncrementCheck } from './support/increments.js';
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter, type ESLint, type Rule } from 'eslint';
import sonarjs from 'eslint-plugin-sonarjs';
import * as tsParser from '@typescript-eslint/parser';
import type { SnapshotNode as Node } from '../../src/engine/parsing/node.js';
import { javascriptMetrics } from '../../src/engine/metrics/javascript/index.js';
import type { UnitMetrics } from '../../src/engine/metrics/model.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';

const require = createRequire(import.meta.url);
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const repoDir = join(serverDir, '..');

/** The slice of typhonjs-escomplex's module report we read (the package ships no types). */
interface EscomplexMethod {
  readonly name: string;
  readonly lineStart: number;
  readonly lineEnd: number;
  readonly halstead: { readonly volume: number };
}
interface EscomplexReport {
  readonly methods: readonly EscomplexMethod[];
  readonly classes: readonly { readonly methods: readonly EscomplexMethod[] }[];
}
const escomplex = require('typhonjs-escomplex') as { analyzeModule(source: string): EscomplexReport };

// ---------------------------------------------------------------------------------------------
// Corpus

interface SourceFile {
  readonly path: string;
  readonly language: 'javascript' | 'typescript';
  readonly code: string;
}

function packageDir(name: string): string {
  return realpathSync(join(serverDir, 'node_modules', name));
}

function filesIn(dir: string, accept: (name: string) => boolean, recursive = false): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (recursive) found.push(...filesIn(path, accept, true));
    } else if (accept(name)) {
      found.push(path);
    }
  }
  return found;
}

function corpus(): SourceFile[] {
  const js = (name: string): boolean => name.endsWith('.js') && !name.endsWith('.min.js');
  const ts = (name: string): boolean =>
    name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.includes('.test.');
  const lodash = filesIn(packageDir('lodash'), js);
  const javascript = [
    ...lodash,
    ...filesIn(join(packageDir('express'), 'lib'), js),
    ...filesIn(join(packageDir('commander'), 'lib'), js),
    // Modern JavaScript: classes, private members, optional chaining, `??`, destructuring.
    ...['config', 'eslint', 'languages', 'linter', 'shared'].flatMap((dir) =>
      filesIn(join(packageDir('eslint'), 'lib', dir), js, true),
    ),
  ];
  const typescript = [
    ...filesIn(join(dirname(require.resolve('zod/package.json')), 'src', 'v4', 'core'), ts),
    ...filesIn(join(repoDir, 'shared', 'src'), ts, true),
    ...filesIn(join(serverDir, 'src', 'engine'), ts, true),
  ];
  return [
    ...javascript.map((path) => ({
      path,
      language: 'javascript' as const,
      code: readFileSync(path, 'utf8'),
    })),
    ...typescript.map((path) => ({
      path,
      language: 'typescript' as const,
      code: readFileSync(path, 'utf8'),
    })),
  ];
}

// ---------------------------------------------------------------------------------------------
// ESLint, with a collector rule that says where each rule reports each function

interface FunctionRecord {
  /** Where our unit starts: the method/property for methods, else the function node. */
  readonly key: string;
  /** Where `complexity` reports it (ESLint's getFunctionHeadLoc). */
  readonly complexityAt: string;
  /** Where sonarjs reports it (its getMainFunctionTokenLocation). */
  readonly sonarAt: string;
}

type Position = { readonly line: number; readonly column: number };
const at = (p: Position): string => `${p.line}:${p.column}`;

/** Where a node starts; ESLint's parsers always give locations. */
function startOf(node: { loc?: { start: Position } | null }): Position {
  if (!node.loc) throw new Error('ESLint gave a node without a location');
  return node.loc.start;
}

type FunctionNode = Rule.Node & {
  type: 'FunctionDeclaration' | 'FunctionExpression' | 'ArrowFunctionExpression';
};

function collectorPlugin(records: FunctionRecord[]): ESLint.Plugin {
  const functions: Rule.RuleModule = {
    create(context) {
      const source = context.sourceCode;
      const firstToken = (node: Rule.Node, value: string): Position | undefined =>
        source.getTokens(node).find((t) => t.value === value)?.loc.start;
      const visit = (node: FunctionNode): void => {
        const parent = node.parent;
        const start = startOf(node);
        const methodLike =
          parent.type === 'MethodDefinition' ||
          (parent.type === 'Property' && (parent.method || parent.kind !== 'init'));
        const key = methodLike ? startOf(parent) : start;
        let complexityAt: Position = start;
        if (
          parent.type === 'Property' ||
          parent.type === 'MethodDefinition' ||
          parent.type === 'PropertyDefinition'
        ) {
          complexityAt = startOf(parent);
        } else if (node.type === 'ArrowFunctionExpression') {
          complexityAt = source.getTokenBefore(node.body, (t) => t.value === '=>')?.loc.start ?? start;
        }
        let sonarAt: Position | undefined;
        if (node.type === 'FunctionDeclaration') {
          sonarAt = node.id ? startOf(node.id) : firstToken(node, 'function');
        } else if (node.type === 'FunctionExpression') {
          sonarAt =
            parent.type === 'MethodDefinition' || parent.type === 'Property'
              ? startOf(parent.key)
              : firstToken(node, 'function');
        } else {
          sonarAt = source
            .getTokensBefore(node.body)
            .reverse()
            .find((t) => t.value === '=>')?.loc.start;
        }
        records.push({ key: at(key), complexityAt: at(complexityAt), sonarAt: at(sonarAt ?? start) });
      };
      return { FunctionDeclaration: visit, FunctionExpression: visit, ArrowFunctionExpression: visit };
    },
  };
  return { rules: { functions } };
}

interface ReferenceFunction {
  readonly key: string;
  readonly cyclomatic: number;
  readonly cognitive: number;
}

interface ReferenceResult {
  readonly functions: ReferenceFunction[];
  /** Class field initializers and static blocks ESLint reports, by position of its report. */
  readonly implicit: Map<string, number>;
}

function runEslint(linter: Linter, file: SourceFile): ReferenceResult | undefined {
  const records: FunctionRecord[] = [];
  const ts = file.language === 'typescript';
  const config: Linter.Config[] = [
    {
      files: ['**/*.js', '**/*.ts'],
      languageOptions: ts
        ? { parser: tsParser, sourceType: 'module', ecmaVersion: 'latest' }
        : { sourceType: file.code.includes('module.exports') ? 'commonjs' : 'module', ecmaVersion: 'latest' },
      plugins: { sonarjs, agreement: collectorPlugin(records) },
      rules: {
        complexity: ['error', 0],
        'sonarjs/cognitive-complexity': ['error', 0],
        'agreement/functions': 'error',
      },
    },
  ];
  const messages = linter.verify(file.code, config, { filename: ts ? 'file.ts' : 'file.js' });
  if (messages.some((m) => m.fatal)) return undefined;
  const complexityAt = new Map<string, number>();
  const cognitiveAt = new Map<string, number>();
  const implicit = new Map<string, number>();
  for (const m of messages) {
    const where = `${m.line}:${m.column - 1}`;
    if (m.ruleId === 'complexity') {
      const value = Number(/complexity of (\d+)/.exec(m.message)?.[1]);
      if (/^Class (field initializer|static block)/.test(m.message)) implicit.set(where, value);
      else complexityAt.set(where, value);
    } else if (m.ruleId === 'sonarjs/cognitive-complexity') {
      cognitiveAt.set(where, Number(/Complexity from (\d+)/.exec(m.message)?.[1]));
    }
  }
  const functions = records.map((r) => ({
    key: r.key,
    cyclomatic: complexityAt.get(r.complexityAt) ?? Number.NaN,
    // sonarjs reports only scores above the threshold (0).
    cognitive: cognitiveAt.get(r.sonarAt) ?? 0,
  }));
  return { functions, implicit };
}

// ---------------------------------------------------------------------------------------------
// Our side

const FUNCTION_TYPES = new Set([
  'function_declaration',
  'function_expression',
  'function',
  'generator_function_declaration',
  'generator_function',
  'arrow_function',
  'method_definition',
]);

const keyOf = (node: Node): string => `${node.startPosition.row + 1}:${node.startPosition.column}`;

/** Whether escomplex makes a function scope of this unit (it has none for object and `#private` methods). */
function isEscomplexScope(unit: UnitMetrics): boolean {
  const node = unit.node;
  if (node.type === 'method_definition') {
    return (
      node.parent?.type === 'class_body' &&
      node.childForFieldName('name')?.type !== 'private_property_identifier'
    );
  }
  if (node.type === 'arrow_function') return node.parent?.type !== 'expression_statement';
  return FUNCTION_TYPES.has(node.type);
}

// ---------------------------------------------------------------------------------------------

interface Tally {
  compared: number;
  equal: number;
  readonly disagreements: string[];
}

const tally = (): Tally => ({ compared: 0, equal: 0, disagreements: [] });

function record(t: Tally, agree: boolean, describe: () => string): void {
  t.compared++;
  if (agree) t.equal++;
  else t.disagreements.push(describe());
}

function rate(t: Tally): number {
  return t.compared === 0 ? 0 : t.equal / t.compared;
}

function report(label: string, t: Tally, what: string): void {
  console.log(`      ${label}: ${t.equal}/${t.compared} functions ${what} (${(rate(t) * 100).toFixed(1)}%)`);
  for (const d of t.disagreements.slice(0, 8)) console.log(`        ${d}`);
}

describe('JavaScript metrics agree with ESLint complexity, sonarjs cognitive-complexity and escomplex', function () {
  this.timeout(180_000);

  const cyclomatic = tally();
  const cognitive = tally();
  const halstead = tally();
  const implicit = tally();
  let files = 0;
  const skipped: string[] = [];
  const withTreeSitterErrors: string[] = [];
  let unmatched = 0;
  const increments = new IncrementCheck();
  /** escomplex functions seen, and those matched to a unit (by lines), and of those the exactly equal ones. */
  const escomplexFunctions = { seen: 0, matched: 0, exact: 0 };

  before(async function () {
    const parser = new SourceParser({ timeoutMs: 10_000 });
    const linter = new Linter({ configType: 'flat' });
    try {
      for (const file of corpus()) {
        const name = relative(repoDir, file.path).replace(/^node_modules\/\.pnpm\/[^/]+\/node_modules\//, '');
        const reference = runEslint(linter, file);
        const parsed = await parser.parse(file.code, file.language);
        if (!reference) {
          skipped.push(name);
          continue;
        }
        if (parsed.errorRegions > 0) withTreeSitterErrors.push(name);
        files++;
        const measured = javascriptMetrics.measure(parsed.snapshot);
        for (const unit of measured.units) increments.check(`${name}:${unit.startLine} ${unit.name}`, unit);
        const ours = new Map<string, UnitMetrics>();
        const ourImplicit = new Map<string, UnitMetrics>();
        for (const unit of measured.units) {
          if (FUNCTION_TYPES.has(unit.node.type)) ours.set(keyOf(unit.node), unit);
          else if (unit.node.type === 'class_static_block') ourImplicit.set(keyOf(unit.node), unit);
          else if (unit.kind !== 'class') {
            const value = unit.node.childForFieldName('value');
            if (value) ourImplicit.set(keyOf(value), unit);
          }
        }
        for (const fn of reference.functions) {
          const unit = ours.get(fn.key);
          if (!unit) {
            unmatched++;
            record(cyclomatic, false, () => `${name}:${fn.key} no unit found`);
            continue;
          }
          const where = `${name}:${unit.startLine} ${unit.name}`;
          record(
            cyclomatic,
            unit.cyclomatic === fn.cyclomatic,
            () => `${where}: ours ${unit.cyclomatic}, ESLint ${fn.cyclomatic}`,
          );
          record(
            cognitive,
            unit.cognitive === fn.cognitive,
            () => `${where}: ours ${unit.cognitive}, sonarjs ${fn.cognitive}`,
          );
        }
        // ESLint reports every field initializer and static block; ours are units only with decisions.
        for (const [key, value] of reference.implicit) {
          const mine = ourImplicit.get(key)?.cyclomatic ?? 1;
          record(implicit, mine === value, () => `${name}:${key}: ours ${mine}, ESLint ${value}`);
        }
        if (file.language === 'javascript') compareHalstead(name, file.code, measured.units);
      }
    } finally {
      parser.dispose();
    }
  });

  function compareHalstead(name: string, code: string, units: readonly UnitMetrics[]): void {
    let theirs: EscomplexMethod[];
    try {
      const result = escomplex.analyzeModule(code);
      theirs = [...result.methods, ...result.classes.flatMap((c) => c.methods)];
    } catch {
      return; // escomplex's parser refused the file; nothing to compare
    }
    const span = (start: number, end: number): string => `${start}-${end}`;
    const groups = new Map<string, { theirs: EscomplexMethod[]; ours: UnitMetrics[] }>();
    const group = (key: string) => {
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { theirs: [], ours: [] }));
      return g;
    };
    escomplexFunctions.seen += theirs.length;
    for (const m of theirs) group(span(m.lineStart, m.lineEnd)).theirs.push(m);
    for (const u of units) if (isEscomplexScope(u)) group(span(u.startLine, u.endLine)).ours.push(u);
    for (const g of groups.values()) {
      if (g.theirs.length !== g.ours.length) continue;
      g.theirs.sort((a, b) => a.lineStart - b.lineStart);
      g.theirs.forEach((m, i) => {
        const unit = g.ours[i];
        if (!unit) return;
        const expected = m.halstead.volume;
        const actual = unit.halstead.volume;
        const agree = Math.abs(actual - expected) <= 0.1 * expected + 1e-9;
        escomplexFunctions.matched++;
        // escomplex rounds its volumes to three decimals.
        if (Math.abs(actual - expected) <= 0.0005 + 1e-9) escomplexFunctions.exact++;
        record(
          halstead,
          agree,
          () =>
            `${name}:${unit.startLine} ${unit.name}: ours ${actual.toFixed(1)}, escomplex ${expected.toFixed(1)}`,
        );
      });
    }
  }

  it("explains every unit's numbers with increments that add up to them", () => {
    console.log(`      ${increments.summary()}`);
    assert.deepEqual(increments.problems.slice(0, 10), []);
    assert.ok(increments.units > 1000, `only ${increments.units} units`);
  });

  it('covers a corpus of several hundred functions', () => {
    console.log(
      `      corpus: ${files} files, ${cyclomatic.compared} functions (${unmatched} without a matching unit); ` +
        `skipped (ESLint parse errors): ${skipped.join(', ') || 'none'}; ` +
        `with tree-sitter ERROR nodes: ${withTreeSitterErrors.join(', ') || 'none'}`,
    );
    const { seen, matched, exact } = escomplexFunctions;
    console.log(
      `      escomplex: ${matched}/${seen} functions matched by lines, ${exact} of them with exactly equal volume`,
    );
    assert.ok(cyclomatic.compared >= 500, `only ${cyclomatic.compared} functions compared`);
    assert.ok(halstead.compared >= 300, `only ${halstead.compared} functions compared with escomplex`);
  });

  it('cyclomatic equals ESLint complexity on at least 95% of functions', () => {
    report('cyclomatic vs ESLint complexity', cyclomatic, 'equal');
    report('class field initializers and static blocks vs ESLint complexity', implicit, 'equal');
    assert.ok(rate(cyclomatic) >= 0.95);
  });

  it('cognitive equals sonarjs cognitive-complexity on at least 95% of functions', () => {
    report('cognitive vs sonarjs cognitive-complexity', cognitive, 'equal');
    assert.ok(rate(cognitive) >= 0.95);
  });

  it('Halstead volume is within ±10% of escomplex on at least 90% of JavaScript functions', () => {
    report('halstead volume vs escomplex', halstead, 'within ±10%');
    assert.ok(rate(halstead) >= 0.9);
  });
});
