/**
 * The claim audit (`pnpm audit:claims`) on a bounded sample of the real code
 * installed on this machine: every claim the engine makes there is borne out
 * by the audit's second check. And the second checks themselves: each one
 * contradicts the false claim of its kind the engine used to make, so a
 * check that passed everything would fail here.
 */
import assert from 'node:assert/strict';
import type { LanguageId } from '@code-explain/shared';
import { CLAIM_KINDS, claimsOf, type Claim, type ClaimKind } from '../../src/engine/claims/index.js';
import { extractFacts } from '../../src/engine/facts/extract.js';
import type { SnippetFacts, UnitFacts } from '../../src/engine/facts/model.js';
import { metricsFor } from '../../src/engine/metrics/index.js';
import type { SnapshotNode } from '../../src/engine/parsing/node.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { check } from '../../scripts/audit/checks.js';
import { filesOf, SOURCES, spread } from '../../scripts/audit/corpus.js';
import { auditFile, emptyReport } from '../../scripts/audit/run.js';

/** Files per source in the sample: the full audit reads every file (about 22,000, two minutes). */
const SAMPLE_FILES = 60;

const parser = new SourceParser({ timeoutMs: 5000 });
after(() => parser.dispose());

describe('claim audit: a bounded sample of real code', function () {
  this.timeout(300_000);

  it('every claim the engine makes is borne out by the second check', async () => {
    const report = emptyReport();
    for (const source of SOURCES) {
      const files = filesOf(source);
      // The test services install each source (npm packages, Python, Go, the JDK, Rust crates).
      assert.ok(files.length > 0, `${source.name} is installed`);
      for (const file of spread(files, SAMPLE_FILES)) await auditFile(parser, file, source.language, report);
    }
    assert.deepEqual(report.contradictions, []);
    assert.equal(report.failed, 0);
    assert.ok(report.functions >= 2_000, `${report.functions} functions read`);
    for (const kind of ['calls-itself', 'stack-depth', 'declares-methods', 'switches'] as const)
      assert.ok((report.claims.get(kind) ?? 0) > 0, `the sample makes ${kind} claims`);
  });
});

/** The facts of `code` and the unit named `name`, with the tree's nodes for making a claim by hand. */
async function factsOf(language: LanguageId, code: string) {
  const parsed = await parser.parse(code, language);
  const facts = extractFacts(
    language,
    parsed.snapshot,
    parsed.errorRegions,
    metricsFor(language).measure(parsed.snapshot),
  );
  const nodes = parsed.snapshot.nodes;
  const unit = (name: string): UnitFacts => {
    const found = facts.units.find((u) => u.metrics.name === name);
    assert.ok(found, `unit ${name}`);
    return found;
  };
  const node = (type: string, text?: string): SnapshotNode => {
    const found = nodes.find((n) => n.type === type && (text === undefined || n.text === text));
    assert.ok(found, `node ${type} ${text ?? ''}`);
    return found;
  };
  return { facts, nodes, unit, node };
}

const about = (unit: UnitFacts) => ({
  unit: unit.metrics.name,
  unitLine: unit.metrics.startLine,
  unitNode: unit.metrics.node.id,
});

function contradicts(
  claim: Claim,
  facts: SnippetFacts,
  unit: UnitFacts,
  nodes: readonly SnapshotNode[],
): string {
  const reason = check(claim, { unit, units: facts.units, nodes });
  assert.ok(reason, `the ${claim.kind} check contradicts ${JSON.stringify(claim)}`);
  return reason;
}

describe('claim audit: each second check catches the false claim of its kind', () => {
  const caught = new Set<ClaimKind>();
  after(() =>
    assert.deepEqual(
      Object.keys(CLAIM_KINDS).filter((k) => !caught.has(k as ClaimKind)),
      [],
      'every kind has a false claim its check catches',
    ),
  );

  it('divides-by: a slash in a string is no division', async () => {
    const { facts, unit, node, nodes } = await factsOf(
      'javascript',
      'function purge(dir, tmp) {\n  return run("rm -rf /tmp/" + dir);\n}\n',
    );
    const u = unit('purge');
    const claim: Claim = {
      kind: 'divides-by',
      ...about(u),
      divisor: 'tmp',
      evidence: { nodes: [node('string').id], lines: [2] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /no dividing operator/);
    caught.add('divides-by');
  });

  it('divides-by: a guard before the division', async () => {
    const { facts, unit, node, nodes } = await factsOf(
      'javascript',
      'function per(a, b) {\n  if (b < 1) throw new Error("b");\n  return a / b;\n}\n',
    );
    const u = unit('per');
    const claim: Claim = {
      kind: 'divides-by',
      ...about(u),
      divisor: 'b',
      evidence: { nodes: [node('binary_expression', 'a / b').id], lines: [3] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /`b` is also used on line 2/);
    // …and the engine makes no such claim.
    assert.deepEqual(
      claimsOf(facts).filter((c) => c.kind === 'divides-by'),
      [],
    );
  });

  it('calls-itself: a call to an overload with more arguments', async () => {
    const { facts, nodes } = await factsOf(
      'java',
      'class T {\n  static String pad(String s) {\n    return pad(s, 8);\n  }\n  static String pad(String s, int w) {\n    return s;\n  }\n}\n',
    );
    const u = facts.units.find((x) => x.metrics.name === 'T.pad' && x.params.length === 1)!;
    const call = nodes.find((n) => n.type === 'method_invocation')!;
    const claim: Claim = {
      kind: 'calls-itself',
      ...about(u),
      sites: 1,
      evidence: { nodes: [call.id], lines: [3] },
    };
    assert.match(
      contradicts(claim, facts, u, nodes),
      /passes 2 arguments to one of 2 overloads; this one takes 1/,
    );
    assert.deepEqual(
      claimsOf(facts).filter((c) => c.kind === 'calls-itself'),
      [],
    );
    caught.add('calls-itself');
  });

  it('stack-depth: a self-call from a promise callback', async () => {
    const { facts, unit, nodes } = await factsOf(
      'javascript',
      'function again(url, n) {\n  return fetch(url).catch(() => again(url, n - 1));\n}\n',
    );
    const u = unit('again');
    const call = nodes.find((n) => n.type === 'call_expression' && n.text.startsWith('again('))!;
    const claim: Claim = {
      kind: 'stack-depth',
      ...about(u),
      shape: 'decrement',
      evidence: { nodes: [call.id], lines: [2] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /in a function the unit hands on/);
    assert.deepEqual(
      claimsOf(facts).filter((c) => c.kind === 'stack-depth'),
      [],
    );
    caught.add('stack-depth');
  });

  it('declares-methods: an interface with methods said to have none', async () => {
    const { facts, unit, nodes } = await factsOf(
      'csharp',
      'interface IShape {\n  double Area();\n  double Side();\n}\n',
    );
    const u = unit('IShape');
    const claim: Claim = {
      kind: 'declares-methods',
      ...about(u),
      keyword: 'class',
      count: 0,
      evidence: { nodes: [u.metrics.node.id], lines: [] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /line 2 holds a method_declaration/);
    caught.add('declares-methods');
  });

  it('adds-up: building a string', async () => {
    const { facts, unit, nodes } = await factsOf(
      'javascript',
      'function names(rows) {\n  let out = "";\n  for (const r of rows) out += r.name;\n  return out;\n}\n',
    );
    const u = unit('names');
    const claim: Claim = { kind: 'adds-up', ...about(u), target: 'out', evidence: { nodes: [], lines: [3] } };
    assert.match(contradicts(claim, facts, u, nodes), /never set to 0/);
    assert.deepEqual(
      claimsOf(facts).filter((c) => c.kind === 'adds-up'),
      [],
    );
    caught.add('adds-up');
  });

  it('debounces: a timer kept and re-armed', async () => {
    const { facts, unit, nodes } = await factsOf(
      'javascript',
      'function later(fn) {\n  let t;\n  return () => {\n    if (t) return;\n    t = setTimeout(fn, 10);\n  };\n}\n',
    );
    const u = unit('later');
    const claim: Claim = { kind: 'debounces', ...about(u), timer: 't', evidence: { nodes: [], lines: [1] } };
    assert.match(contradicts(claim, facts, u, nodes), /no `clearTimeout\(t\)`/);
    caught.add('debounces');
  });

  it('loop-changes: a line that only reads the variable', async () => {
    const { facts, unit, nodes } = await factsOf(
      'javascript',
      'function scan(xs) {\n  let i = 0;\n  while (i < xs.length) {\n    log(i);\n    i++;\n  }\n  return i;\n}\n',
    );
    const u = unit('scan');
    const loop = nodes.find((n) => n.type === 'while_statement')!;
    const claim: Claim = {
      kind: 'loop-changes',
      ...about(u),
      name: 'i',
      how: 'forward',
      evidence: { nodes: [loop.id], lines: [4] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /line 4 does not change `i`/);
    caught.add('loop-changes');
  });

  it('loop-drains: a condition that tests something else, and a line that only reads the collection', async () => {
    const { facts, unit, nodes } = await factsOf(
      'python',
      'def drain(stack, n):\n    out = []\n    while n > 0:\n        out.append(stack[-1])\n        stack.pop()\n        n -= 1\n    return out\n',
    );
    const u = unit('drain');
    const loop = nodes.find((n) => n.type === 'while_statement')!;
    const claim = (lines: number[]): Claim => ({
      kind: 'loop-drains',
      ...about(u),
      name: 'stack',
      evidence: { nodes: [loop.id], lines: [3, ...lines] },
    });
    assert.match(
      contradicts(claim([5]), facts, u, nodes),
      /the condition `n > 0` does not test `stack` for items/,
    );
    const tested = await factsOf(
      'python',
      'def drain(stack):\n    out = []\n    while stack:\n        out.append(stack[-1])\n        stack.pop()\n    return out\n',
    );
    const t = tested.unit('drain');
    const testedLoop = tested.nodes.find((n) => n.type === 'while_statement')!;
    const read: Claim = {
      kind: 'loop-drains',
      ...about(t),
      name: 'stack',
      evidence: { nodes: [testedLoop.id], lines: [3, 4] },
    };
    assert.match(contradicts(read, tested.facts, t, tested.nodes), /line 4 takes nothing out of `stack`/);
    const valid = { ...read, evidence: { nodes: [testedLoop.id], lines: [3, 5] } };
    assert.equal(check(valid, { unit: t, units: tested.facts.units, nodes: tested.nodes }), undefined);
    caught.add('loop-drains');
  });

  it('loop-descends: a walk whose variable is also set back to the start', async () => {
    const { facts, unit, nodes } = await factsOf(
      'javascript',
      'function last(head, n) {\n  let node = head;\n  while (n-- > 0) {\n    node = node.next;\n    if (!node) node = head;\n  }\n  return node;\n}\n',
    );
    const u = unit('last');
    const loop = nodes.find((n) => n.type === 'while_statement')!;
    const claim: Claim = {
      kind: 'loop-descends',
      ...about(u),
      name: 'node',
      into: 'node.next',
      evidence: { nodes: [loop.id], lines: [4] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /line 5 sets `node` too/);
    caught.add('loop-descends');
  });

  it('loop-keeps-best: a comparison the other way, and a name set again elsewhere', async () => {
    const source =
      'def top(xs):\n    best = 0\n    for x in xs:\n        if x > best:\n            best = x\n        if x < 0:\n            best = 0\n    return best\n';
    const { facts, unit, nodes } = await factsOf('python', source);
    const u = unit('top');
    const loop = nodes.find((n) => n.type === 'for_statement')!;
    const claim = (keeps: 'highest' | 'lowest'): Claim => ({
      kind: 'loop-keeps-best',
      ...about(u),
      name: 'best',
      value: 'x',
      keeps,
      evidence: { nodes: [loop.id], lines: [4, 5] },
    });
    assert.match(
      contradicts(claim('lowest'), facts, u, nodes),
      /line 4 does not compare `x` with `best` that way/,
    );
    assert.match(contradicts(claim('highest'), facts, u, nodes), /line 7 sets `best` too/);
    const kept = await factsOf('python', source.replace('            best = 0\n', '            pass\n'));
    const k = kept.unit('top');
    const keptLoop = kept.nodes.find((n) => n.type === 'for_statement')!;
    const valid = { ...claim('highest'), ...about(k), evidence: { nodes: [keptLoop.id], lines: [4, 5] } };
    assert.equal(check(valid, { unit: k, units: kept.facts.units, nodes: kept.nodes }), undefined);
    caught.add('loop-keeps-best');
  });

  it('loop-skips: a body that does more, and a bound the condition does not hold', async () => {
    const { facts, unit, nodes } = await factsOf(
      'python',
      "def f(s, i, n):\n    while i < n and s[i] == ' ':\n        i += 1\n        n -= 1\n    return i\n",
    );
    const u = unit('f');
    const loop = nodes.find((n) => n.type === 'while_statement')!;
    const claim = (bound: string): Claim => ({
      kind: 'loop-skips',
      ...about(u),
      index: 'i',
      way: 'forward',
      test: "s[i] == ' '",
      bound,
      evidence: { nodes: [loop.id], lines: [2] },
    });
    assert.match(contradicts(claim('i < n'), facts, u, nodes), /does more than move `i` by one forward/);
    assert.match(contradicts(claim('i < m'), facts, u, nodes), /the condition does not hold `i < m`/);
    const only = await factsOf(
      'python',
      "def f(s, i, n):\n    while i < n and s[i] == ' ':\n        i += 1\n    return i\n",
    );
    const o = only.unit('f');
    const onlyLoop = only.nodes.find((n) => n.type === 'while_statement')!;
    const valid = { ...claim('i < n'), ...about(o), evidence: { nodes: [onlyLoop.id], lines: [2] } };
    assert.equal(check(valid, { unit: o, units: only.facts.units, nodes: only.nodes }), undefined);
    caught.add('loop-skips');
  });

  it('loop-log-turns: an index that also moves by a step of its own size', async () => {
    const { facts, unit, nodes } = await factsOf(
      'python',
      'def steps(n):\n    k = 0\n    while n > 1:\n        n //= 2\n        n = n + k\n        k += 1\n    return k\n',
    );
    const u = unit('steps');
    const loop = nodes.find((n) => n.type === 'while_statement')!;
    const claim: Claim = {
      kind: 'loop-log-turns',
      ...about(u),
      how: 'halves',
      names: ['n'],
      evidence: { nodes: [loop.id], lines: [3] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /line 5 sets `n` in a way that is no geometric step/);
    caught.add('loop-log-turns');
  });

  it('loop-exits: a line with no jump', async () => {
    const { facts, unit, nodes } = await factsOf(
      'python',
      'def first(xs):\n    for x in xs:\n        if x:\n            return x\n    return None\n',
    );
    const u = unit('first');
    const loop = nodes.find((n) => n.type === 'for_statement')!;
    const claim: Claim = {
      kind: 'loop-exits',
      ...about(u),
      exit: 'break',
      evidence: { nodes: [loop.id], lines: [4] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /line 4 has no `break`/);
    caught.add('loop-exits');
  });

  it('loop-changes: a variable said to be set to a value its line does not give it', async () => {
    const { facts, unit, nodes } = await factsOf(
      'javascript',
      'function run(xs) {\n  let state = IDLE;\n  for (const x of xs) {\n    if (x) state = BUSY;\n    else state = compute(x);\n  }\n  return state;\n}\n',
    );
    const u = unit('run');
    const loop = nodes.find((n) => n.type === 'for_in_statement')!;
    const claim = (to: string[], lines: number[]): Claim => ({
      kind: 'loop-changes',
      ...about(u),
      name: 'state',
      how: 'sets',
      to,
      evidence: { nodes: [loop.id], lines },
    });
    assert.equal(check(claim(['BUSY'], [4]), { unit: u, units: facts.units, nodes }), undefined);
    assert.match(contradicts(claim(['IDLE'], [4]), facts, u, nodes), /line 4 does not set `state` to `IDLE`/);
    assert.match(
      contradicts(claim(['BUSY'], [4, 5]), facts, u, nodes),
      /line 5 does not set `state` to `BUSY`/,
    );
    const moved = (by: string): Claim => ({
      kind: 'loop-changes',
      ...about(u),
      name: 'state',
      how: 'forward',
      by,
      evidence: { nodes: [loop.id], lines: [4] },
    });
    assert.match(contradicts(moved('2'), facts, u, nodes), /line 4 does not move `state` by 2/);
  });

  it('loop-arms: an arm given a condition its line does not test, or a call it does not make', async () => {
    const { facts, unit, nodes } = await factsOf(
      'go',
      "package p\n\nfunc count(s string) (n int) {\n\tfor i := 0; i < len(s); i++ {\n\t\tswitch {\n\t\tcase s[i] == 'a':\n\t\t\tn++\n\t\tcase s[i] == 'b':\n\t\t\tn += 2\n\t\tdefault:\n\t\t\tlog(s[i])\n\t\t}\n\t}\n\treturn n\n}\n",
    );
    const u = unit('count');
    const dispatch = nodes.find((n) => n.type === 'expression_switch_statement')!;
    type Arms = Extract<Claim, { kind: 'loop-arms' }>['arms'];
    const arms: Arms = [
      { line: 6, when: ["s[i] == 'a'"], calls: [] },
      { line: 8, when: ["s[i] == 'b'"], calls: [] },
      { line: 10, calls: [{ callee: 'log', line: 11 }] },
    ];
    const claim = (changed: Arms): Claim => ({
      kind: 'loop-arms',
      ...about(u),
      keyword: 'switch',
      arms: changed,
      evidence: { nodes: [dispatch.id], lines: changed.map((a) => a.line) },
    });
    assert.equal(check(claim(arms), { unit: u, units: facts.units, nodes }), undefined);
    assert.match(
      contradicts(claim([arms[0]!, { ...arms[1]!, when: ["s[i] == 'c'"] }, arms[2]!]), facts, u, nodes),
      /line 8 does not hold `s\[i\] == 'c'`/,
    );
    assert.match(
      contradicts(
        claim([arms[0]!, arms[1]!, { line: 10, calls: [{ callee: 'print', line: 11 }] }]),
        facts,
        u,
        nodes,
      ),
      /line 11 does not call `print`/,
    );
    assert.match(
      contradicts(claim([arms[0]!, { ...arms[1]!, line: 9 }, arms[2]!]), facts, u, nodes),
      /line 9 opens no arm/,
    );
    caught.add('loop-arms');
  });

  it('comment-explains: a comment given to the wrong statement', async () => {
    const { facts, unit, nodes } = await factsOf(
      'go',
      'package p\n\nfunc f(xs []int) int {\n\tn := 0\n\tfor _, x := range xs {\n\t\t// skip negatives\n\n\t\tif x < 0 {\n\t\t\tcontinue\n\t\t}\n\t\tn += x\n\t}\n\treturn n\n}\n',
    );
    const u = unit('f');
    const loop = nodes.find((n) => n.type === 'for_statement')!;
    const claim: Claim = {
      kind: 'comment-explains',
      ...about(u),
      text: 'skip negatives',
      explains: 11,
      evidence: { nodes: [loop.id], lines: [6] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /the code after the comment is on line 8, not line 11/);
    // The engine gives it to line 8, across the blank line.
    assert.ok(claimsOf(facts).some((c) => c.kind === 'comment-explains' && c.explains === 8));
    caught.add('comment-explains');
  });

  it('switches: a case label is no switch', async () => {
    const { facts, unit, node, nodes } = await factsOf(
      'c',
      'int k(int c) {\n  switch (c) {\n  case 1:\n    return 1;\n  }\n  return 0;\n}\n',
    );
    const u = unit('k');
    const claim: Claim = {
      kind: 'switches',
      ...about(u),
      evidence: { nodes: [node('case_statement').id], lines: [3] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /has no arms: it is one/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'switches').length, 1);
    caught.add('switches');
  });

  it('hands-over: a return that is no call to the callee contradicts it', async () => {
    const { facts, unit, nodes } = await factsOf(
      'python',
      'def pick(a, b):\n    if a:\n        return helper(a)\n    return b\n',
    );
    const u = unit('pick');
    const claim: Claim = {
      kind: 'hands-over',
      ...about(u),
      callee: 'helper',
      evidence: { nodes: [], lines: [3, 4] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /`return b` is no call to `helper`/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'hands-over').length, 0);
    caught.add('hands-over');
  });

  it('maps-cases: an arm that assigns before it returns does more than map', async () => {
    const { facts, unit, node, nodes } = await factsOf(
      'javascript',
      'function w(s) {\n  switch (s) {\n    case 1:\n      n = 3;\n      return n;\n    case 2:\n      return 2;\n    default:\n      return 0;\n  }\n}\n',
    );
    const u = unit('w');
    const claim: Claim = {
      kind: 'maps-cases',
      ...about(u),
      subject: 's',
      arms: 3,
      evidence: { nodes: [node('switch_statement').id], lines: [2] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /does more than return/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'maps-cases').length, 0);
    caught.add('maps-cases');
  });

  it('writes-to: a line with no write to the target contradicts it', async () => {
    const { facts, unit, nodes } = await factsOf(
      'python',
      'def dump(out, rows):\n    out.write("[")\n    rows.append(1)\n',
    );
    const u = unit('dump');
    const claim: Claim = {
      kind: 'writes-to',
      ...about(u),
      target: 'out',
      evidence: { nodes: [], lines: [2, 3] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /line 3 writes nothing to `out`/);
    caught.add('writes-to');
  });

  it('answers: a case on a line with no return, another value, or a name not in the code contradicts it', async () => {
    const { facts, unit, nodes } = await factsOf(
      'typescript',
      'function stale(e: Entry, v: number): boolean {\n  if (!e.loaded) return true;\n  const seen = e.version;\n  return seen !== v;\n}\n',
    );
    const u = unit('stale');
    const real = claimsOf(facts).find((c) => c.kind === 'answers');
    assert.ok(real, 'the engine claims its answer');
    assert.equal(check(real, { unit: u, units: facts.units, nodes }), undefined);
    const at = (cases: Extract<Claim, { kind: 'answers' }>['cases']): Claim => ({
      kind: 'answers',
      ...about(u),
      cases,
      evidence: { nodes: [], lines: cases.map((c) => c.line) },
    });
    assert.match(contradicts(at([{ line: 3, quotes: [] }]), facts, u, nodes), /line 3 holds no return/);
    assert.match(
      contradicts(at([{ line: 2, value: 'false', quotes: [] }]), facts, u, nodes),
      /line 2 does not give `false`/,
    );
    assert.match(
      contradicts(at([{ line: 4, quotes: ['e.generation'] }]), facts, u, nodes),
      /`e\.generation` is not in its code/,
    );
    caught.add('answers');
  });

  it('fills-returned: a parameter not returned at the end contradicts it', async () => {
    const { facts, unit, nodes } = await factsOf(
      'javascript',
      'function stamp(e) {\n  e.a = 1;\n  e.b = 2;\n  return e.a;\n}\n',
    );
    const u = unit('stamp');
    const claim: Claim = {
      kind: 'fills-returned',
      ...about(u),
      target: 'e',
      fields: ['a', 'b'],
      evidence: { nodes: [], lines: [2, 3] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /does not end by returning `e`/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'fills-returned').length, 0);
    caught.add('fills-returned');
  });

  it('returns-outcomes: a return of another value contradicts it', async () => {
    const { facts, unit, nodes } = await factsOf(
      'java',
      'class P {\n  static R check(int n) {\n    if (n < 0) return R.BAD;\n    if (n > 9) return R.BIG;\n    return null;\n  }\n}\n',
    );
    const u = unit('P.check');
    const claim: Claim = {
      kind: 'returns-outcomes',
      ...about(u),
      type: 'R',
      values: ['R.BAD', 'R.BIG'],
      evidence: { nodes: [], lines: [3, 4, 5] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /`return null` is none of the outcomes/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'returns-outcomes').length, 0);
    caught.add('returns-outcomes');
  });
  it('appends-to: a return that gives something else than `append(p, …)` contradicts it', async () => {
    const { facts, unit, nodes } = await factsOf(
      'go',
      'package p\n\nfunc put(p []byte, b byte) []byte {\n\tif b == 0 {\n\t\treturn p[:0]\n\t}\n\treturn append(p, b)\n}\n',
    );
    const u = unit('put');
    const claim: Claim = {
      kind: 'appends-to',
      ...about(u),
      target: 'p',
      how: 'returns',
      evidence: { nodes: [], lines: [5, 7] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /the return on line 5 gives no `append\(p, …\)`/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'appends-to').length, 0);
    // Grown by `append` but also cut short: no mere growing either.
    const cut = await factsOf(
      'go',
      'package p\n\nfunc grow(p []byte, n int) []byte {\n\tfor i := 0; i < n; i++ {\n\t\tp = append(p, 0)\n\t}\n\tp = p[1:]\n\treturn p\n}\n',
    );
    const g = cut.unit('grow');
    const grows: Claim = {
      kind: 'appends-to',
      ...about(g),
      target: 'p',
      how: 'grows',
      evidence: { nodes: [], lines: [5, 8] },
    };
    assert.match(contradicts(grows, cut.facts, g, cut.nodes), /line 7 changes `p` otherwise/);
    assert.equal(claimsOf(cut.facts).filter((c) => c.kind === 'appends-to').length, 0);
    caught.add('appends-to');
  });

  it('changes-case: an if that shifts by another amount contradicts it', async () => {
    const { facts, unit, node, nodes } = await factsOf(
      'go',
      "package p\n\nfunc shift(c byte) byte {\n\tif 'a' <= c && c <= 'z' {\n\t\tc -= 3\n\t}\n\treturn c\n}\n",
    );
    const u = unit('shift');
    const claim: Claim = {
      kind: 'changes-case',
      ...about(u),
      variable: 'c',
      to: 'upper',
      evidence: { nodes: [node('if_statement').id], lines: [4] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /does not shift `c` to upper case/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'changes-case').length, 0);
    caught.add('changes-case');
  });

  it('fills-returned: a named result that is never declared contradicts it', async () => {
    const { facts, unit, nodes } = await factsOf(
      'go',
      'package p\n\nfunc at(p *Pos, n int) (q Pos) {\n\tp.Line = n\n\tp.Column = n\n\treturn\n}\n',
    );
    const u = unit('at');
    const claim: Claim = {
      kind: 'fills-returned',
      ...about(u),
      target: 'p',
      fields: ['Line', 'Column'],
      named: true,
      evidence: { nodes: [], lines: [4, 5] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /`p` is no named result/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'fills-returned').length, 0);
  });
  it('fails-at-end: an `if` with code after it is no last step', async () => {
    const { facts, unit, node, nodes } = await factsOf(
      'java',
      'class W {\n  void put(int n) {\n    out.write(n);\n    if (n < 0) {\n      throw new IllegalStateException();\n    }\n    out.flush();\n  }\n}\n',
    );
    const u = unit('W.put');
    const claim: Claim = {
      kind: 'fails-at-end',
      ...about(u),
      verb: 'throws',
      condition: 'n < 0',
      evidence: { nodes: [node('if_statement').id], lines: [4] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /code runs after the `if`/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'fails-at-end').length, 0);
    caught.add('fails-at-end');
  });
  it('removes-from: a parameter not declared as a collection contradicts it', async () => {
    const { facts, unit, nodes } = await factsOf(
      'typescript',
      'export function drop(cache: Store, key: string): void {\n  cache.delete(key);\n  log(key);\n}\n',
    );
    const u = unit('drop');
    const claim: Claim = {
      kind: 'removes-from',
      ...about(u),
      target: 'cache',
      type: 'Map',
      evidence: { nodes: [], lines: [2] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /`cache` is not declared a `Map`/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'removes-from').length, 0);
    caught.add('removes-from');
  });
  it('first-index: a loop that moves its index by two contradicts it', async () => {
    const { facts, unit, node, nodes } = await factsOf(
      'javascript',
      'function firstEven(xs, i) {\n  for (; i < xs.length; i += 2) {\n    if (xs[i] % 2 === 0) return i;\n  }\n  return -1;\n}\n',
    );
    const u = unit('firstEven');
    const claim: Claim = {
      kind: 'first-index',
      ...about(u),
      index: 'i',
      condition: 'xs[i] % 2 === 0',
      evidence: { nodes: [node('for_statement').id], lines: [3, 5] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /changes otherwise than by one/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'first-index').length, 0);
    caught.add('first-index');
  });
  it('builds-number: a factor that is no base, or a step on another line, contradicts it', async () => {
    const { facts, unit, node, nodes } = await factsOf(
      'python',
      'def h(s):\n    n = 0\n    for c in s:\n        n = n * 31 + ord(c)\n        k = n * 10\n    return n\n',
    );
    const u = unit('h');
    const claim = (by: string, lines: number[]): Claim => ({
      kind: 'builds-number',
      ...about(u),
      target: 'n',
      by,
      shift: false,
      added: 'ord(c)',
      op: '+',
      evidence: { nodes: [node('for_statement').id], lines },
    });
    assert.match(contradicts(claim('31', [3, 4, 4]), facts, u, nodes), /`31` is no number base/);
    assert.match(contradicts(claim('10', [3, 5, 5]), facts, u, nodes), /line 5 does not put in `ord\(c\)`/);
    assert.match(contradicts(claim('10', [3, 5, 4]), facts, u, nodes), /not in the loop, in order/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'builds-number').length, 0);
    caught.add('builds-number');
  });
  it('uses-constants: a literal not on its line, or of another value, contradicts it', async () => {
    const { facts, unit, nodes } = await factsOf(
      'go',
      'package p\n\nfunc step(c uint32) uint32 {\n\t// 0xEDB88320 is the polynomial\n\treturn 0xEDB88321 ^ (c >> 1)\n}\n',
    );
    const u = unit('step');
    const claim = (text: string, line: number): Claim => ({
      kind: 'uses-constants',
      ...about(u),
      of: 'CRC-32',
      constants: [{ text, line, value: '0xedb88320' }],
      evidence: { nodes: [], lines: [line] },
    });
    assert.match(contradicts(claim('0xEDB88320', 3), facts, u, nodes), /line 3 does not hold `0xEDB88320`/);
    assert.match(contradicts(claim('0xEDB88321', 5), facts, u, nodes), /is 0xedb88321, not 0xedb88320/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'uses-constants').length, 0);
    caught.add('uses-constants');
  });
  it('names-term: a name not made of the term’s words contradicts it', async () => {
    const { facts, unit, nodes } = await factsOf(
      'javascript',
      'function topsortLike(nodes) {\n  return nodes;\n}\nfunction toposort(nodes) {\n  return nodes;\n}\n',
    );
    const u = unit('topsortLike');
    const claim: Claim = {
      kind: 'names-term',
      ...about(u),
      words: 'toposort',
      term: 'a topological sort',
      evidence: { nodes: [u.metrics.node.id], lines: [u.metrics.startLine] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /`topsortLike` is not made of the words “toposort”/);
    // The engine claims it of `toposort` only, and of `topsortLike` by its own words.
    const terms = claimsOf(facts).filter((c) => c.kind === 'names-term');
    assert.deepEqual(
      terms.map((c) => [c.unit, c.kind === 'names-term' ? c.words : '']),
      [
        ['topsortLike', 'topsort'],
        ['toposort', 'toposort'],
      ],
    );
    caught.add('names-term');
  });

  it('climbs-to-root: an index also moved another way contradicts it', async () => {
    const { facts, unit, node, nodes } = await factsOf(
      'java',
      'class H {\n  static void up(int k, int[] a) {\n    while (k > 0) {\n      int p = (k - 1) >>> 1;\n      a[k] = a[p];\n      k = p;\n      k--;\n    }\n  }\n}\n',
    );
    const u = unit('H.up');
    const claim: Claim = {
      kind: 'climbs-to-root',
      ...about(u),
      index: 'k',
      parent: '(k - 1) >>> 1',
      evidence: { nodes: [node('while_statement').id], lines: [4, 6] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /`k` is changed in the loop on lines 6, 7/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'climbs-to-root').length, 0);
    caught.add('climbs-to-root');
  });
  it('searches-first: a loop that does more than test and break contradicts it', async () => {
    const { facts, unit, node, nodes } = await factsOf(
      'java',
      'class F {\n  static int find(String t, char c) {\n    int i;\n    for (i = 0; i < t.length(); i++) {\n      if (t.charAt(i) == c) break;\n      seen++;\n    }\n    return i;\n  }\n}\n',
    );
    const u = unit('F.find');
    const claim: Claim = {
      kind: 'searches-first',
      ...about(u),
      index: 'i',
      over: 't',
      evidence: { nodes: [node('for_statement').id], lines: [4, 5] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /does more than `if \(…\) break`/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'searches-first').length, 0);
    caught.add('searches-first');
  });
  it('truncates: a cut from another start contradicts it', async () => {
    const { facts, unit, nodes } = await factsOf(
      'javascript',
      'function tail(s, n) {\n  s = s.slice(1, n);\n  return s;\n}\n',
    );
    const u = unit('tail');
    const claim: Claim = {
      kind: 'truncates',
      ...about(u),
      target: 's',
      length: 'n',
      evidence: { nodes: [], lines: [2] },
    };
    assert.match(contradicts(claim, facts, u, nodes), /line 2 does not cut `s` to `n`/);
    assert.equal(claimsOf(facts).filter((c) => c.kind === 'truncates').length, 0);
    caught.add('truncates');
  });
});
