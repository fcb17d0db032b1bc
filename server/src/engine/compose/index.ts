/**
 * Composition: the explanation and the sections for a mode and audience,
 * written only from facts, metrics and rule findings.
 */
import type { Mode, Section } from '@code-explain/shared';
import { Voice } from './audience.js';
import { approach } from './comparative.js';
import type { ComposeInput } from './input.js';
import { concepts, questions } from './learning.js';
import {
  callables,
  classes,
  dependenciesSentence,
  overviewSentence,
  parseErrorsSentence,
  standouts,
} from './overview.js';
import {
  complexity,
  dependencies,
  errorPaths,
  focusSection,
  hotSpots,
  inputsOutputs,
  overview,
  securityFindings,
  sideEffects,
  suggestionsSection,
  timeComplexity,
  walkthrough,
} from './sections.js';
import { sentences } from './text.js';
import { describeClass, describeUnit } from './walkthrough.js';

export type { ComposeInput } from './input.js';

function explanationText(input: ComposeInput, voice: Voice, mode: Mode): string {
  const notes = standouts(input, voice);
  const opening = sentences(
    parseErrorsSentence(input),
    voice.expert ? notes[0] : undefined,
    overviewSentence(input, voice),
    mode === 'quick' ? undefined : dependenciesSentence(input),
  );
  if (mode === 'quick') return [opening, voice.glossary()].filter(Boolean).join('\n\n');
  const raises = input.request.language === 'python' || input.request.language === 'ruby';
  const units = callables(input);
  const maxUnits = voice.expert ? 4 : 8;
  const paragraphs = [
    opening,
    ...classes(input).map((c) => describeClass(c, input.facts, voice)),
    ...units
      .slice(0, maxUnits)
      .map((u) =>
        describeUnit(
          u,
          voice,
          { withLines: false, maxSteps: voice.beginner ? 12 : voice.expert ? 4 : 8 },
          raises,
        ),
      ),
  ];
  if (units.length > maxUnits)
    paragraphs.push(`The other ${units.length - maxUnits} functions are covered in the sections.`);
  const rest = voice.expert ? notes.slice(1) : notes;
  if (rest.length) paragraphs.push(`What stands out: ${rest.join(' ')}`);
  paragraphs.push(voice.glossary() ?? '');
  return paragraphs.filter(Boolean).join('\n\n');
}

function modeSections(input: ComposeInput, voice: Voice, mode: Mode): Section[] {
  switch (mode) {
    case 'quick':
      return [{ title: 'Summary', content: explanationText(input, voice, 'quick') }];
    case 'standard':
      return [
        overview(input, voice),
        walkthrough(input, voice, false),
        complexity(input, voice),
        suggestionsSection(input),
      ];
    case 'detailed':
      return [
        overview(input, voice),
        inputsOutputs(input),
        sideEffects(input),
        dependencies(input),
        errorPaths(input),
        walkthrough(input, voice, true),
        complexity(input, voice),
        suggestionsSection(input),
      ];
    case 'learning':
      return [
        overview(input, voice),
        concepts(input, voice),
        walkthrough(input, voice, true),
        questions(input),
      ];
    case 'performance':
      return [
        overview(input, voice),
        timeComplexity(input, voice),
        hotSpots(input),
        complexity(input, voice),
        suggestionsSection(input),
      ];
    case 'security':
      return [
        overview(input, voice),
        securityFindings(input),
        suggestionsSection(input, 'Other suggestions'),
      ];
    case 'comparative':
      return [overview(input, voice), approach(input), suggestionsSection(input)];
  }
}

export function compose(input: ComposeInput): { explanation: string; sections: Section[] } {
  const { mode, audience, focus } = input.request;
  const explanation = explanationText(input, new Voice(audience), mode);
  const voice = new Voice(audience);
  const sections = modeSections(input, voice, mode);
  // The security mode already lists findings; other suggestions exclude them.
  if (mode === 'security') {
    const other = sections.at(-1);
    if (other) {
      const rest = { ...input, suggestions: input.suggestions.filter((s) => s.type !== 'security') };
      sections[sections.length - 1] = suggestionsSection(rest, other.title);
    }
  }
  const glossary = voice.glossary();
  if (glossary) sections.push({ title: 'Terms used', content: glossary });
  // Requested focus areas come right after the opening section.
  sections.splice(1, 0, ...focus.map((area) => focusSection(input, area)));
  return { explanation, sections };
}
