/**
 * Which units a text describes, in what order, and what it says about the
 * rest: the most important first (ranked), trivial lambdas and accessors
 * folded into one line, and every unit left out named with the reason.
 */
import type { UnitFacts } from '../facts/model.js';
import { Voice } from './audience.js';
import { isTrivial, ranked } from './overview.js';
import { capitalize, count, listUpTo } from './text.js';
import {
  describeCalls,
  describeSteps,
  describeUnit,
  signature,
  unitOpening,
  type WalkthroughOptions,
} from './walkthrough.js';

/** Names listed in a "not described" sentence before "and N more". */
const LISTED = 8;

/** A trivial unit told in one sentence inside its parent's paragraph. */
function folded(unit: UnitFacts, voice: Voice): string {
  const steps = describeSteps(unit.steps, voice, {
    withLines: false,
    maxSteps: 2,
    compileGroups: unit.compileGroups,
  });
  const calls = describeCalls(unit, 3);
  const what = [steps, calls].filter(Boolean).join(' and ');
  return `${capitalize(signature(unit))} ${what ? `${what}` : 'has no loops, branches or calls'}.`;
}

export interface UnitParagraphs {
  readonly paragraphs: string[];
  /** Units given a paragraph, in the order written. */
  readonly described: readonly UnitFacts[];
}

export function unitParagraphs(
  units: readonly UnitFacts[],
  voice: Voice,
  options: WalkthroughOptions & {
    readonly maxUnits: number;
    readonly room: number;
    readonly raises: boolean;
  },
): UnitParagraphs {
  const order = ranked(units);
  const trivial = order.filter(isTrivial);
  const candidates = order.filter((u) => !isTrivial(u));
  const described: UnitFacts[] = [];
  const paragraphs: string[] = [];
  const noRoom: UnitFacts[] = [];
  const beyond: UnitFacts[] = [];
  let used = 0;
  for (const u of candidates) {
    if (described.length >= options.maxUnits) {
      beyond.push(u);
      continue;
    }
    // Written with a scratch voice first, so a unit left out adds no terms to the glossary (a voice
    // records terms; it does not change the text).
    const scratch = new Voice(voice.audience);
    // The paragraph starts with its opening: when even that does not fit, the rest need not be written.
    const opening = unitOpening(u, scratch);
    if (used + opening.length + 2 > options.room) {
      noRoom.push(u);
      continue;
    }
    const text = describeUnit(u, scratch, options, options.raises, opening);
    const length = text.length + 2;
    if (used + length > options.room) {
      noRoom.push(u);
      continue;
    }
    const inside = trivial.filter((t) => t.parent === u.metrics.name);
    voice.absorb(scratch);
    paragraphs.push([text, ...inside.map((t) => folded(t, voice))].join(' '));
    described.push(u);
    used += length;
  }
  const foldedInto = new Set(described.map((u) => u.metrics.name));
  const unfolded = trivial.filter((t) => t.parent === undefined || !foldedInto.has(t.parent));
  const names = (list: readonly UnitFacts[]) => listUpTo(list.map(signature), LISTED);
  if (unfolded.length > 0)
    paragraphs.push(
      `${count(unfolded.length, 'short function')} with no loop or branch statements ${unfolded.length === 1 ? 'is' : 'are'} not described one by one: ${names(unfolded)}.`,
    );
  if (beyond.length > 0)
    paragraphs.push(
      // Not "simpler than those above": exported units come first whatever their complexity.
      `Not described here, to keep this short: ${names(beyond)}.`,
    );
  if (noRoom.length > 0) paragraphs.push(`Not described here, for lack of room: ${names(noRoom)}.`);
  return { paragraphs, described };
}
