/**
 * One file's two versions compared unit by unit. Units are matched by kind
 * and name (the k-th unit of a kind and name in the base with the k-th in
 * the head), never by line, so code that moved is not a change; a matched
 * unit whose text is the same is unchanged. Findings are matched by rule,
 * unit and message with line numbers taken out of the message, as a
 * multiset: what the head has more of is new, what the base had more of is
 * resolved.
 */
import type { Suggestion } from '@code-explain/shared';
import type { UnitSummary } from '../../engine/metadata.js';
import type { Hunk } from './git.js';
import type { LineRange, UnitChange } from './model.js';

/** One side of the comparison: the analysed text of a file. */
export interface Version {
  readonly text: string;
  readonly units: readonly UnitSummary[];
  readonly findings: readonly Suggestion[];
  readonly purposes: readonly (string | null)[];
}

export interface Comparison {
  readonly units: UnitChange[];
  readonly unchangedUnits: number;
  readonly outside: { readonly new: Suggestion[]; readonly resolved: Suggestion[] };
  readonly newFindings: Suggestion[];
  readonly resolvedFindings: Suggestion[];
}

export const EMPTY_VERSION: Version = { text: '', units: [], findings: [], purposes: [] };

const splitLines = (text: string) => text.split(/\r\n|\r|\n/);

/** A unit's own text: its lines, whole. */
const unitText = (lines: readonly string[], unit: UnitSummary) =>
  lines.slice(unit.startLine - 1, unit.endLine).join('\n');

/**
 * Pairs base units with head units by kind and name, in source order within
 * each name. Returns, per base unit and per head unit, the index of its
 * partner or -1.
 */
export function matchUnits(
  base: readonly UnitSummary[],
  head: readonly UnitSummary[],
): { readonly baseToHead: number[]; readonly headToBase: number[] } {
  const key = (u: UnitSummary) => `${u.kind}\0${u.name}`;
  const waiting = new Map<string, number[]>();
  head.forEach((u, i) => {
    const list = waiting.get(key(u));
    if (list) list.push(i);
    else waiting.set(key(u), [i]);
  });
  const baseToHead = base.map(() => -1);
  const headToBase = head.map(() => -1);
  base.forEach((u, i) => {
    const j = waiting.get(key(u))?.shift();
    if (j === undefined) return;
    baseToHead[i] = j;
    headToBase[j] = i;
  });
  return { baseToHead, headToBase };
}

/** The innermost unit around a line, or -1. */
export function enclosingUnit(units: readonly UnitSummary[], line: number | undefined): number {
  if (line === undefined) return -1;
  let best = -1;
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    if (u.startLine > line || u.endLine < line) continue;
    const b = best === -1 ? undefined : units[best]!;
    if (!b || u.endLine - u.startLine <= b.endLine - b.startLine) best = i;
  }
  return best;
}

/** A message with its line numbers taken out: the same finding, moved, reads the same. */
export const messageKey = (text: string) =>
  text.replace(/\b(lines?|L)\s*\d+(\s*[–-]\s*\d+)?/g, '$1 #').replace(/:\d+(:\d+)?\b/g, ':#');

/** Lines of `ranges` that fall in first..last, merged. */
function clipRanges(ranges: readonly LineRange[], first: number, last: number): LineRange[] {
  const out: LineRange[] = [];
  for (const r of ranges) {
    const a = Math.max(r.first, first);
    const b = Math.min(r.last, last);
    if (a > b) continue;
    const prev = out[out.length - 1];
    if (prev && a <= prev.last + 1) out[out.length - 1] = { first: prev.first, last: Math.max(prev.last, b) };
    else out.push({ first: a, last: b });
  }
  return out;
}

/** The lines the hunks add (head numbering) and remove (base numbering). */
export function hunkRanges(hunks: readonly Hunk[]): { added: LineRange[]; removed: LineRange[] } {
  return {
    added: hunks
      .filter((h) => h.newCount > 0)
      .map((h) => ({ first: h.newStart, last: h.newStart + h.newCount - 1 })),
    removed: hunks
      .filter((h) => h.oldCount > 0)
      .map((h) => ({ first: h.oldStart, last: h.oldStart + h.oldCount - 1 })),
  };
}

/** Compares a file's base and head versions; `hunks` are git's for the file. */
export function compareVersions(
  file: string,
  base: Version,
  head: Version,
  hunks: readonly Hunk[],
): Comparison {
  const { baseToHead, headToBase } = matchUnits(base.units, head.units);
  const baseLines = splitLines(base.text);
  const headLines = splitLines(head.text);
  const ranges = hunkRanges(hunks);

  // A pair's identity for findings: a matched pair shares one, an unmatched unit has its own.
  const baseId = (i: number) =>
    i === -1 ? 'file' : baseToHead[i]! === -1 ? `base:${i}` : `head:${baseToHead[i]}`;
  const headId = (j: number) => (j === -1 ? 'file' : `head:${j}`);
  const findingKey = (f: Suggestion, unitId: string) =>
    `${f.rule ?? f.type}\0${unitId}\0${messageKey(f.description)}`;

  const baseByKey = new Map<string, Suggestion[]>();
  for (const f of base.findings) {
    const k = findingKey(f, baseId(enclosingUnit(base.units, f.line)));
    const list = baseByKey.get(k);
    if (list) list.push(f);
    else baseByKey.set(k, [f]);
  }
  /** Per unit identity: its findings, sorted into new, resolved and unchanged. */
  const byUnit = new Map<string, { new: Suggestion[]; resolved: Suggestion[]; unchanged: Suggestion[] }>();
  const bucket = (id: string) => {
    let b = byUnit.get(id);
    if (!b) byUnit.set(id, (b = { new: [], resolved: [], unchanged: [] }));
    return b;
  };
  const newFindings: Suggestion[] = [];
  for (const f of head.findings) {
    const id = headId(enclosingUnit(head.units, f.line));
    const match = baseByKey.get(findingKey(f, id))?.shift();
    if (match) bucket(id).unchanged.push(f);
    else {
      bucket(id).new.push(f);
      newFindings.push(f);
    }
  }
  const resolvedFindings: Suggestion[] = [];
  for (const f of base.findings) {
    const id = baseId(enclosingUnit(base.units, f.line));
    const list = baseByKey.get(findingKey(f, id));
    // What is still waiting in the map after the head took its matches is resolved.
    if (list && list[0] === f) {
      list.shift();
      bucket(id).resolved.push(f);
      resolvedFindings.push(f);
    }
  }

  const units: UnitChange[] = [];
  let unchangedUnits = 0;
  const unchangedIds = new Set<string>(['file']);
  head.units.forEach((after, j) => {
    const i = headToBase[j]!;
    const before = i === -1 ? undefined : base.units[i]!;
    if (before && unitText(baseLines, before) === unitText(headLines, after)) {
      unchangedUnits++;
      unchangedIds.add(headId(j));
      return;
    }
    units.push({
      file,
      name: after.name,
      kind: after.kind,
      change: before ? 'changed' : 'added',
      before,
      after,
      purpose: head.purposes[j] ?? null,
      lines: {
        added: clipRanges(ranges.added, after.startLine, after.endLine),
        removed: before ? clipRanges(ranges.removed, before.startLine, before.endLine) : [],
      },
      findings: bucket(headId(j)),
    });
  });
  base.units.forEach((before, i) => {
    if (baseToHead[i] !== -1) return;
    units.push({
      file,
      name: before.name,
      kind: before.kind,
      change: 'removed',
      before,
      after: undefined,
      purpose: base.purposes[i] ?? null,
      lines: { added: [], removed: clipRanges(ranges.removed, before.startLine, before.endLine) },
      findings: bucket(baseId(i)),
    });
  });

  const outside = { new: [] as Suggestion[], resolved: [] as Suggestion[] };
  for (const id of unchangedIds) {
    const b = byUnit.get(id);
    if (!b) continue;
    outside.new.push(...b.new);
    outside.resolved.push(...b.resolved);
  }
  const byLine = (a: Suggestion, b: Suggestion) => (a.line ?? 0) - (b.line ?? 0);
  outside.new.sort(byLine);
  outside.resolved.sort(byLine);
  return { units, unchangedUnits, outside, newFindings, resolvedFindings };
}
