/**
 * The claims a snippet's explanation can make, worked out from its facts and
 * tree. Composition writes the sentences of these kinds from here, and the
 * claim audit reads the same list, so what is audited is what is said.
 */
import type { SnippetFacts, UnitFacts } from '../facts/model.js';
import { declaresMethodsClaim } from './members.js';
import { loopsToTell, outsideArms, TOLD } from '../facts/loops.js';
import type {
  AddsUp,
  LoopChanges,
  CallsItself,
  Claim,
  Debounces,
  DeclaresMethods,
  StackDepth,
  Switches,
  Answers,
} from './model.js';

export type { Claim, ClaimKind, Evidence } from './model.js';
export { CLAIM_KINDS, UNAUDITED } from './kinds.js';

const lineOf = (facts: UnitFacts) => facts.metrics.startLine;
/** Which unit a claim is about: its name, first line and node. */
const about = (unit: UnitFacts): { unit: string; unitLine: number; unitNode: number } => ({
  unit: unit.metrics.name,
  unitLine: lineOf(unit),
  unitNode: unit.metrics.node.id,
});
const linesOf = (unit: UnitFacts, ids: readonly number[]) =>
  ids.map((id) => (unit.metrics.node.doc.nodes[id]?.startPosition.row ?? 0) + 1);

export function callsItself(unit: UnitFacts): CallsItself | undefined {
  const r = unit.recursion;
  if (!unit.recursive || !r) return undefined;
  return {
    kind: 'calls-itself',
    ...about(unit),
    sites: unit.selfCallSites,
    evidence: { nodes: r.sites, lines: linesOf(unit, r.sites) },
  };
}

/** The stack grows with the recursion only when each self-call is made while the caller still runs. */
export function stackDepth(unit: UnitFacts): StackDepth | undefined {
  const r = unit.recursion;
  if (!r || r.direct.length === 0 || unit.isAsync || unit.isGenerator) return undefined;
  return {
    kind: 'stack-depth',
    ...about(unit),
    shape: r.shape,
    evidence: { nodes: r.direct, lines: linesOf(unit, r.direct) },
  };
}

/** What a class declares, by its member units or, without any (an interface), by the methods in its body. */
export function declaresMethods(cls: UnitFacts, members: readonly UnitFacts[]): DeclaresMethods {
  const claim = declaresMethodsClaim(cls.metrics.node, cls.metrics.name);
  if (members.length === 0) return claim;
  return {
    ...claim,
    count: members.length,
    evidence: {
      nodes: [cls.metrics.node.id, ...members.map((m) => m.metrics.node.id)],
      lines: members.map(lineOf),
    },
  };
}

/**
 * The callables declared in a class: by name and inside its node, since two
 * `impl Foo` blocks, or two anonymous classes of one interface, share a name.
 */
export function membersOf(cls: UnitFacts, facts: SnippetFacts): UnitFacts[] {
  const { start, end } = cls.metrics.node;
  return facts.units.filter(
    (u) =>
      u.parent === cls.metrics.name &&
      u.metrics.kind !== 'class' &&
      // A static block runs once when the class loads: it is no method.
      !u.metrics.name.startsWith('<static') &&
      u.metrics.node.start >= start &&
      u.metrics.node.end <= end,
  );
}

/** A class's accessors (`get x()`, C#'s `int X => …`): properties to read, not methods to call. */
const isAccessor = (u: UnitFacts) => u.metrics.kind === 'getter' || u.metrics.kind === 'setter';

/** The methods of a class, its accessors left out. */
export function methodsOf(cls: UnitFacts, facts: SnippetFacts): UnitFacts[] {
  return membersOf(cls, facts).filter((u) => !isAccessor(u));
}

/** The accessors of a class, one per property (a getter and setter of one name count once). */
export function accessorsOf(cls: UnitFacts, facts: SnippetFacts): UnitFacts[] {
  const all = membersOf(cls, facts).filter(isAccessor);
  return all.filter((u, i) => all.findIndex((o) => o.metrics.name === u.metrics.name) === i);
}

export function addsUp(unit: UnitFacts): AddsUp[] {
  return unit.purpose.idioms.flatMap((i): AddsUp[] =>
    i.kind === 'accumulate' && i.target
      ? [{ kind: 'adds-up', ...about(unit), target: i.target, evidence: { nodes: [], lines: [i.line] } }]
      : [],
  );
}

export function debounces(unit: UnitFacts): Debounces[] {
  return unit.purpose.idioms.flatMap((i): Debounces[] =>
    i.kind === 'debounce' && i.subject
      ? [{ kind: 'debounces', ...about(unit), timer: i.subject, evidence: { nodes: [], lines: [i.line] } }]
      : [],
  );
}

export function switches(unit: UnitFacts): Switches[] {
  return unit.steps
    .filter((s) => s.kind === 'switch')
    .map((s) => ({
      kind: 'switches' as const,
      ...about(unit),
      evidence: { nodes: [s.node], lines: [s.line] },
    }));
}

/** What the paragraphs about a unit's loops say: each change, way out and comment, with the loop's node. */
export function loopClaims(unit: UnitFacts): Claim[] {
  const base = about(unit);
  return loopsToTell(unit.loops).flatMap((loop): Claim[] => {
    const outside = outsideArms(loop);
    const arms = loop.dispatch?.arms.slice(0, TOLD.arms) ?? [];
    const changes = (
      node: number,
      list: readonly Pick<LoopChanges, 'name' | 'how' | 'to' | 'by'>[],
      lines: (i: number) => readonly number[],
    ) =>
      list.map((c, i): Claim => ({
        kind: 'loop-changes',
        ...base,
        name: c.name,
        how: c.how,
        ...(c.to ? { to: c.to } : {}),
        ...(c.by ? { by: c.by } : {}),
        evidence: { nodes: [node], lines: lines(i) },
      }));
    const armExits = new Set(arms.flatMap((a) => a.exits.map((x) => x.index)));
    const armComments = new Set(arms.flatMap((a) => (a.comment === undefined ? [] : [a.comment])));
    return [
      // A variable changed in more than one way is told, and claimed, way by way.
      ...outside.carried.slice(0, TOLD.carried).flatMap((c): Claim[] =>
        (c.parts ?? [c]).map((p) => ({
          kind: 'loop-changes',
          ...base,
          name: c.name,
          how: p.how,
          ...(p.by ? { by: p.by } : {}),
          evidence: { nodes: [loop.node], lines: p.lines },
        })),
      ),
      ...(loop.dispatch
        ? [
            {
              kind: 'loop-arms' as const,
              ...base,
              keyword: loop.dispatch.keyword,
              ...(loop.dispatch.subject ? { subject: loop.dispatch.subject } : {}),
              arms: arms.map((a) => ({
                line: a.line,
                ...(a.when ? { when: a.when } : {}),
                calls: a.calls.map((c) => ({ callee: c.callee, line: c.line })),
                runs: a.runs,
              })),
              evidence: { nodes: [loop.dispatch.node], lines: arms.map((a) => a.line) },
            },
          ]
        : []),
      ...arms.flatMap((a) => [
        ...changes(a.node, a.changes.slice(0, TOLD.armChanges), (i) => a.changes[i]!.lines),
        ...a.loops.flatMap((l) =>
          changes(l.node, l.changes.slice(0, TOLD.armChanges), (i) => l.changes[i]!.lines),
        ),
      ]),
      ...(loop.drains
        ? [
            {
              kind: 'loop-drains' as const,
              ...base,
              name: loop.drains.name,
              evidence: { nodes: [loop.node], lines: [loop.line, ...loop.drains.takes] },
            },
          ]
        : []),
      ...(loop.best ?? []).map((b): Claim => ({
        kind: 'loop-keeps-best',
        ...base,
        name: b.name,
        value: b.value,
        keeps: b.keeps,
        evidence: { nodes: [loop.node], lines: [b.line, b.setLine] },
      })),
      ...(loop.descends ?? []).map((d): Claim => ({
        kind: 'loop-descends',
        ...base,
        name: d.name,
        into: d.into,
        evidence: { nodes: [loop.node], lines: [d.line] },
      })),
      ...(loop.logarithmic
        ? [
            {
              kind: 'loop-log-turns' as const,
              ...base,
              how: loop.logarithmic.how,
              names: loop.logarithmic.names,
              evidence: { nodes: [loop.node], lines: [loop.line] },
            },
          ]
        : []),
      ...[...loop.exits.filter((_, i) => armExits.has(i)), ...outside.exits.slice(0, TOLD.exits)].map(
        (e): Claim => ({
          kind: 'loop-exits',
          ...base,
          exit: e.kind,
          evidence: { nodes: [loop.node], lines: [e.line] },
        }),
      ),
      ...[
        ...loop.comments.filter((c) => armComments.has(c.line)),
        ...outside.comments.slice(0, TOLD.comments),
      ].map((c): Claim => ({
        kind: 'comment-explains',
        ...base,
        text: c.text,
        explains: c.explains,
        evidence: { nodes: [loop.node], lines: [c.line] },
      })),
    ];
  });
}

/** What the shape of the whole body says (purpose/shape.ts): a hand-over, a mapping, writes, a filled parameter. */
/** The code quoted in words (`a` differs from `b`): each backquoted piece. */
const quotesIn = (words: readonly string[]) =>
  // A quote holding a backtick is fenced with two (`` a`b ``), as compose/text.ts writes it.
  words.flatMap((w) => [...w.matchAll(/`` (.+?) ``|`([^`]+)`/g)].map((m) => (m[1] ?? m[2])!));

/** The cases a yes-or-no or in-turn sentence tells: each `return`'s line, value and quoted names. */
export function answersClaim(unit: UnitFacts): Answers | undefined {
  const r = unit.purpose.result;
  if (!r) return undefined;
  const cases: { line: number; value?: string; quotes: string[] }[] = [];
  if (r.answers) cases.push({ line: r.answers.line, quotes: quotesIn([r.answers.text]) });
  else if (r.early) {
    for (const e of r.early.exits) cases.push({ line: e.line, value: e.value, quotes: quotesIn(e.when) });
    cases.push({ line: r.early.line, quotes: quotesIn([r.early.asks]) });
  } else if (r.byCases) {
    const lines = r.byCases.lines;
    lines
      .slice(0, -1)
      .forEach((line) => cases.push({ line, value: r.byCases!.value, quotes: quotesIn(r.byCases!.when) }));
    cases.push({ line: lines.at(-1)!, value: r.byCases.otherwise, quotes: [] });
  } else if (r.inTurn) {
    for (const a of r.inTurn.arms)
      cases.push({
        line: a.line,
        ...(a.said ? {} : { value: a.value }),
        quotes: quotesIn([...a.when, a.said ?? '']),
      });
    const o = r.inTurn.otherwise;
    cases.push({ line: o.line, ...(o.said ? {} : { value: o.value }), quotes: quotesIn([o.said ?? '']) });
  } else return undefined;
  return { kind: 'answers', ...about(unit), cases, evidence: { nodes: [], lines: cases.map((c) => c.line) } };
}

export function shapeClaims(unit: UnitFacts): Claim[] {
  const base = about(unit);
  const {
    delegates,
    maps,
    writes,
    fills,
    outcomes,
    appends,
    changesCase,
    failsAtEnd,
    removes,
    firstIndex,
    climbs,
    digits,
    searches,
    truncates,
  } = unit.purpose.shape;
  const claims: Claim[] = [];
  if (delegates)
    claims.push({
      kind: 'hands-over',
      ...base,
      callee: delegates.callee,
      evidence: { nodes: [], lines: delegates.lines },
    });
  if (maps)
    claims.push({
      kind: 'maps-cases',
      ...base,
      subject: maps.subject,
      arms: maps.arms,
      evidence: { nodes: [maps.node], lines: [maps.line] },
    });
  if (outcomes)
    claims.push({
      kind: 'returns-outcomes',
      ...base,
      type: outcomes.type,
      values: outcomes.values,
      evidence: { nodes: [], lines: outcomes.lines },
    });
  if (writes)
    claims.push({
      kind: 'writes-to',
      ...base,
      target: writes.target,
      evidence: { nodes: [], lines: writes.lines },
    });
  if (fills)
    claims.push({
      kind: 'fills-returned',
      ...base,
      target: fills.target,
      fields: fills.fields,
      ...(fills.named ? { named: true as const } : {}),
      evidence: { nodes: [], lines: fills.lines },
    });
  if (appends)
    claims.push({
      kind: 'appends-to',
      ...base,
      target: appends.target,
      how: appends.how,
      evidence: { nodes: [], lines: appends.lines },
    });
  if (changesCase)
    claims.push({
      kind: 'changes-case',
      ...base,
      variable: changesCase.variable,
      to: changesCase.to,
      evidence: { nodes: [changesCase.node], lines: [changesCase.line] },
    });
  if (failsAtEnd)
    claims.push({
      kind: 'fails-at-end',
      ...base,
      verb: failsAtEnd.verb,
      condition: failsAtEnd.condition,
      evidence: { nodes: [failsAtEnd.node], lines: [failsAtEnd.line] },
    });
  if (removes)
    claims.push({
      kind: 'removes-from',
      ...base,
      target: removes.target,
      type: removes.type,
      evidence: { nodes: [], lines: removes.lines },
    });
  if (firstIndex)
    claims.push({
      kind: 'first-index',
      ...base,
      index: firstIndex.index,
      condition: firstIndex.condition,
      evidence: { nodes: [firstIndex.node], lines: [firstIndex.line, firstIndex.otherwiseLine] },
    });
  if (climbs)
    claims.push({
      kind: 'climbs-to-root',
      ...base,
      index: climbs.index,
      parent: climbs.parent,
      evidence: { nodes: [climbs.node], lines: climbs.lines },
    });
  if (digits)
    claims.push({
      kind: 'builds-number',
      ...base,
      target: digits.target,
      by: digits.by,
      shift: digits.shift,
      added: digits.added,
      op: digits.op,
      evidence: { nodes: [digits.node], lines: [...digits.lines] },
    });
  if (searches)
    claims.push({
      kind: 'searches-first',
      ...base,
      index: searches.index,
      ...(searches.over ? { over: searches.over } : {}),
      evidence: { nodes: [searches.node], lines: [searches.line, searches.test] },
    });
  if (truncates)
    claims.push({
      kind: 'truncates',
      ...base,
      target: truncates.target,
      length: truncates.length,
      evidence: { nodes: [], lines: [truncates.line, ...(truncates.when ? [truncates.when.line] : [])] },
    });
  return claims;
}

/** Every claim the explanation of `facts` can make, unit by unit in source order. */
/** "It uses the constants of CRC-32: …": said of classes and functions alike. */
function termClaims(unit: UnitFacts): Claim[] {
  const t = unit.purpose.term;
  return t
    ? [
        {
          kind: 'names-term' as const,
          ...about(unit),
          words: t.words,
          term: t.term,
          evidence: { nodes: [unit.metrics.node.id], lines: [unit.metrics.startLine] },
        },
      ]
    : [];
}

function constantsClaims(unit: UnitFacts): Claim[] {
  return unit.purpose.constants.map((f) => ({
    kind: 'uses-constants' as const,
    ...about(unit),
    of: f.of,
    constants: f.constants.map(({ text, line, value }) => ({ text, line, value })),
    evidence: { nodes: [], lines: f.constants.map((c) => c.line) },
  }));
}

export function claimsOf(facts: SnippetFacts): Claim[] {
  const claims: Claim[] = [];
  for (const unit of facts.units) {
    claims.push(...constantsClaims(unit), ...termClaims(unit));
    if (unit.metrics.kind === 'class') {
      claims.push(declaresMethods(unit, methodsOf(unit, facts)));
      continue;
    }
    claims.push(...unit.divisions);
    const self = callsItself(unit);
    if (self) claims.push(self);
    const depth = stackDepth(unit);
    if (depth) claims.push(depth);
    claims.push(...addsUp(unit), ...debounces(unit), ...switches(unit), ...loopClaims(unit));
    for (const step of unit.steps)
      if (step.skips)
        claims.push({
          kind: 'loop-skips',
          ...about(unit),
          index: step.skips.index,
          way: step.skips.way,
          test: step.skips.test,
          bound: step.skips.bound,
          evidence: { nodes: [step.node], lines: [step.line] },
        });
    claims.push(...shapeClaims(unit));
    for (const c of unit.comments.slice(0, TOLD.comments))
      claims.push({
        kind: 'comment-explains',
        ...about(unit),
        text: c.text,
        explains: c.explains,
        evidence: { nodes: [unit.metrics.node.id], lines: [c.line] },
      });
    const answers = answersClaim(unit);
    if (answers) claims.push(answers);
  }
  return claims;
}
