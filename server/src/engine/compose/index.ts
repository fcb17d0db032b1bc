/**
 * Composition: the explanation and the sections for a mode and audience,
 * written only from facts, metrics and rule findings.
 */
import type { Mode, Section } from '@code-explain/shared';
import type { UnitFacts } from '../facts/model.js';
import { LANGUAGES } from '../languages/index.js';
import { Voice } from './audience.js';
import { approach } from './comparative.js';
import type { ComposeInput } from './input.js';
import { concepts, examplesOf, questions } from './learning.js';
import {
  callables,
  classes,
  dependenciesSentence,
  overviewSentence,
  parseErrorsSentence,
  purposeOverview,
  ranked,
  standouts,
} from './overview.js';
import { unitParagraphs } from './units.js';
import {
  complexity,
  dependencies,
  errorPaths,
  focusSection,
  hotSpots,
  inputsOutputs,
  securityFindings,
  sideEffects,
  suggestionsSection,
  timeComplexity,
  walkthrough,
} from './sections.js';
import { whyTheseNumbers } from './why.js';
import { coreSentence } from './loops.js';
import { MAX_EXPLANATION_CHARS } from '../budget.js';
import { capitalize, count, firstOf, sentences } from './text.js';
import { describeClass, describeSteps, signature } from './walkthrough.js';
import { estimateOf } from './cost.js';

export type { ComposeInput } from './input.js';

/** Classes the explanation describes one by one. */
const EXPLAINED_CLASSES = 3;

/** Top-level units a quick answer sums up in a line each. */
const QUICK_UNITS = 3;

/**
 * Quick mode by audience: beginners get the opening and one plain line per
 * main function; experts get what is not obvious first and the cost of the
 * hardest unit; everyone else the opening.
 */
function quickText(input: ComposeInput, voice: Voice, opening: string, notes: readonly string[]): string {
  const top = ranked(callables(input).filter((u) => u.parent === undefined)).slice(0, QUICK_UNITS);
  // Where the hard part is, for a reader who will not read the walkthrough: the loop that dispatches.
  const cores = top.flatMap((u) => coreSentence(u, signature(u)) ?? []).slice(0, 2);
  const withCore = [opening, ...cores].join(' ');
  if (voice.beginner) {
    const lines = top.map((u) => {
      const steps = describeSteps(u.steps, voice, {
        withLines: false,
        maxSteps: 3,
        compileGroups: u.compileGroups,
      });
      return `- ${capitalize(signature(u))}${steps ? `: it ${steps}.` : '.'}`;
    });
    return [withCore, lines.length ? `In short:\n${lines.join('\n')}` : undefined]
      .filter(Boolean)
      .join('\n\n');
  }
  if (voice.expert) {
    const costs = top.flatMap((u) => {
      const cost = estimateOf(u, input.facts.units);
      return cost.estimate === 'not estimated' ? [] : [`- ${signature(u)}: ${cost.estimate} — ${cost.why}.`];
    });
    return [
      withCore,
      notes.slice(1).join(' ') || undefined,
      costs.length ? `Cost:\n${costs.join('\n')}` : undefined,
    ]
      .filter(Boolean)
      .join('\n\n');
  }
  return withCore;
}

/** Modes whose sections walk through the units with line numbers: their explanation stops at the opening. */
const WALKS_WITH_LINES: ReadonlySet<Mode> = new Set(['learning', 'detailed']);

interface Opening {
  readonly explanation: string;
  /** Purpose sentences the explanation stated, by unit: the walkthroughs after it leave them out. */
  readonly purposeSaid: ReadonlyMap<UnitFacts, readonly string[]>;
}

/**
 * The explanation: what the snippet is and is for, then (where no section walks through it line by
 * line) each unit in turn. The sections hold only what it does not say.
 */
function explanationText(input: ComposeInput, voice: Voice, mode: Mode): Opening {
  const notes = standouts(input, voice);
  // Quick answers describe no class on its own, so their opening states every unit's purpose.
  const cls = mode === 'quick' ? { shown: [], rest: 0 } : firstOf(classes(input), EXPLAINED_CLASSES);
  const purpose = purposeOverview(input, cls.shown);
  const opening = sentences(
    parseErrorsSentence(input),
    voice.expert ? notes[0] : undefined,
    overviewSentence(input, voice),
    purpose.text,
    mode === 'quick' ? undefined : dependenciesSentence(input),
  );
  if (mode === 'quick')
    return { explanation: quickText(input, voice, opening, notes), purposeSaid: purpose.said };
  const raises = LANGUAGES[input.request.language].wording.raises;
  const rest = voice.expert ? notes.slice(1) : notes;
  const standout = rest.length ? `What stands out: ${rest.join(' ')}` : undefined;
  const classTexts = [
    ...cls.shown.map((c) => describeClass(c, input.facts, voice)),
    ...(cls.rest > 0
      ? [
          `${count(cls.rest, 'more class', 'more classes')} ${cls.rest === 1 ? 'is' : 'are'} not described here.`,
        ]
      : []),
  ];
  if (WALKS_WITH_LINES.has(mode))
    return {
      explanation: [opening, ...classTexts, standout].filter(Boolean).join('\n\n'),
      purposeSaid: purpose.said,
    };
  const top = describeSteps(input.facts.topLevel, voice, { withLines: false, maxSteps: 8 }, raises);
  const topText = top ? `At the top level, the code ${top}.` : undefined;
  // Everything else is bounded by what it lists; the functions share what is left.
  const room = MAX_EXPLANATION_CHARS - [opening, ...classTexts, standout, topText].join('\n\n').length - 600;
  const options = {
    withLines: false,
    maxSteps: voice.beginner ? 12 : voice.expert ? 16 : 8,
    maxPurpose: voice.expert ? 5 : 3,
    maxUnits: voice.expert ? 6 : 8,
    room,
    raises,
    language: input.request.language,
    units: input.facts.units,
    purposeSaid: purpose.said,
  };
  const unitTexts = unitParagraphs(callables(input), voice, options).paragraphs;
  // The glossary is printed once, in its own section.
  return {
    explanation: [opening, ...classTexts, ...unitTexts, topText, standout].filter(Boolean).join('\n\n'),
    purposeSaid: purpose.said,
  };
}

const optional = (section: Section | undefined): Section[] => (section ? [section] : []);

function modeSections(
  input: ComposeInput,
  voice: Voice,
  mode: Mode,
  purposeSaid: Opening['purposeSaid'],
): Section[] {
  switch (mode) {
    case 'quick':
      return [];
    case 'standard':
      return [
        complexity(input, voice),
        ...optional(whyTheseNumbers(input, voice)),
        suggestionsSection(input),
      ];
    case 'detailed':
      return [
        inputsOutputs(input),
        sideEffects(input),
        dependencies(input),
        errorPaths(input),
        walkthrough(input, voice, purposeSaid),
        complexity(input, voice),
        ...optional(whyTheseNumbers(input, voice)),
        suggestionsSection(input),
      ];
    case 'learning':
      return [concepts(input, voice), walkthrough(input, voice, purposeSaid), questions(input)];
    case 'performance':
      return [
        timeComplexity(input, voice),
        hotSpots(input),
        complexity(input, voice),
        ...optional(whyTheseNumbers(input, voice)),
        suggestionsSection(input),
      ];
    case 'security':
      return [
        securityFindings(input),
        // Security findings are listed just above; the rest of the suggestions follow.
        suggestionsSection(input, 'Other suggestions', (s) => s.type !== 'security'),
      ];
    case 'comparative':
      return [approach(input), suggestionsSection(input)];
  }
}

export function compose(input: ComposeInput): { explanation: string; sections: Section[] } {
  const { mode, audience, focus } = input.request;
  // One voice for the whole answer: the glossary defines the terms the explanation uses too.
  const voice = new Voice(audience);
  const { explanation, purposeSaid } = explanationText(input, voice, mode);
  const sections = modeSections(input, voice, mode, purposeSaid);
  // Only beginners get a glossary; finding each term's example in the code is not free.
  const glossary = voice.beginner ? voice.glossary(examplesOf(input)) : undefined;
  if (glossary) sections.push({ title: 'Terms used', content: glossary });
  // Requested focus areas come first, right after the explanation.
  sections.unshift(...focus.map((area) => focusSection(input, area)));
  return { explanation, sections };
}
