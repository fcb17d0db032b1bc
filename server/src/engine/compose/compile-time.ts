/**
 * Words for compile-time conditionals (C's `#if … #elif … #else … #endif`):
 * of a group's arms only one is compiled, so its steps are told as
 * alternatives ("when `_WIN32` is defined, it …; otherwise, it …"), never as
 * statements that run one after another.
 */
import { armAt } from '../facts/compile-time.js';
import type { CompileCondition, CompileGroup, UnitFacts } from '../facts/model.js';
import { code, lineRange, listOf } from './text.js';

/** "`_WIN32` is defined", "`FAST > 1` holds". */
export function conditionText(when: CompileCondition): string {
  switch (when.test) {
    case 'defined':
      return `${code(when.text)} is defined`;
    case 'not-defined':
      return `${code(when.text)} is not defined`;
    case 'holds':
      return `${code(when.text)} holds`;
  }
}

/** "`_WIN32` is not defined", "`FAST > 1` does not hold". */
function negatedText(when: CompileCondition): string {
  switch (when.test) {
    case 'defined':
      return `${code(when.text)} is not defined`;
    case 'not-defined':
      return `${code(when.text)} is defined`;
    case 'holds':
      return `${code(when.text)} does not hold`;
  }
}

/**
 * How an arm's condition opens its part of the sentence: "when `X` is defined", "otherwise, when `Y`
 * holds", "otherwise". An arm whose condition could not be read is "in another arm".
 */
export function armOpening(group: CompileGroup, arm: number): string {
  const when = group.arms[arm]?.when;
  const condition = when ? `when ${conditionText(when)}` : undefined;
  if (arm === 0) return condition ?? 'in one arm';
  const isLast = arm === group.arms.length - 1;
  return condition ? `otherwise, ${condition}` : isLast ? 'otherwise' : 'in another arm';
}

/** The number of paths a group offers: its arms, and doing none of them when it has no `#else`. */
export function pathsOf(group: CompileGroup): number {
  return group.arms.length + (hasElse(group) ? 0 : 1);
}

/** Whether the group has an arm for when no condition holds (`#else`). */
export function hasElse(group: CompileGroup): boolean {
  return group.arms.length > 1 && group.arms[group.arms.length - 1]?.when === undefined;
}

/** The head of a group's sentence: "follows one of 2 paths chosen when the code is compiled (lines 2–9)". */
export function groupHead(group: CompileGroup): string {
  return `follows one of ${pathsOf(group)} paths chosen when the code is compiled (${lineRange(group.line, group.endLine)})`;
}

/**
 * What makes an arm the one compiled, the earlier arms' conditions failing included: "`_WIN32` is not
 * defined" for the `#else` of an `#ifdef _WIN32`. Undefined when an earlier arm's condition is unread.
 */
export function compiledWhen(group: CompileGroup, arm: number): string | undefined {
  const before = group.arms.slice(0, arm).map((a) => a.when);
  if (before.some((w) => w === undefined)) return undefined;
  const own = group.arms[arm]?.when;
  const conditions = [...before.map((w) => negatedText(w!)), ...(own ? [conditionText(own)] : [])];
  return conditions.length ? listOf(conditions) : undefined;
}

/**
 * "It is compiled only when `_WIN32` is defined." for a unit written inside an arm: its other versions
 * (or none) are compiled otherwise.
 */
export function compiledOnlySentence(unit: UnitFacts): string | undefined {
  const where = unit.compiledIn;
  const when = where && compiledWhen(where.group, where.arm);
  return when
    ? `It is compiled only when ${when} (the conditional on ${lineRange(where.group.line, where.group.endLine)}).`
    : undefined;
}

/** " (compiled only when `_WIN32` is defined)" for a line inside an arm of one of `groups`; else "". */
export function compiledOnlyNote(groups: readonly CompileGroup[], line: number): string {
  const place = armAt(groups, line);
  const when = place && compiledWhen(place.group, place.arm);
  return place
    ? ` (compiled only when ${when ?? `the arm on line ${place.group.arms[place.arm]!.line} is chosen`})`
    : '';
}

/**
 * "line 35 or 38, whichever arm of the conditional on lines 34–40 is compiled" when the lines lie in
 * different arms of one group; undefined otherwise.
 */
export function alternativeLines(
  groups: readonly CompileGroup[],
  lines: readonly number[],
): string | undefined {
  if (lines.length < 2 || groups.length === 0) return undefined;
  const places = lines.map((l) => armAt(groups, l));
  const first = places[0];
  if (!first || places.some((p) => p?.group !== first.group)) return undefined;
  const byArm = new Map<number, number[]>();
  lines.forEach((line, i) => byArm.set(places[i]!.arm, [...(byArm.get(places[i]!.arm) ?? []), line]));
  if (byArm.size < 2) return undefined;
  const group = first.group;
  const each = [...byArm.values()].map((at) =>
    at.length === 1 ? `line ${at[0]}` : `lines ${listOf(at.map(String))}`,
  );
  return `${listOf(each, 'or')}, whichever arm of the conditional on ${lineRange(group.line, group.endLine)} is compiled`;
}
