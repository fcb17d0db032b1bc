/**
 * Which tree-sitter node types mean what, read from each language's `syntax`
 * (languages/): an exact table for tier-1 languages, the naming conventions
 * all tree-sitter grammars share for tier-2 ones.
 */
import type { LanguageId } from '@code-explain/shared';
import { LANGUAGES } from '../languages/index.js';
import type {
  CollectionMethods,
  ExceptionKnowledge,
  LanguageSyntax,
  StepSyntax,
} from '../languages/model.js';

export function syntaxOf(language: LanguageId): LanguageSyntax {
  return LANGUAGES[language].syntax;
}

export function stepFor(language: LanguageId, type: string): StepSyntax | undefined {
  const syntax = syntaxOf(language);
  if (syntax.kind === 'table') return syntax.steps[type];
  for (const [pattern, step] of syntax.steps) if (pattern.test(type)) return step;
  return undefined;
}

export function exceptionsOf(language: LanguageId): ExceptionKnowledge | undefined {
  return LANGUAGES[language].exceptions;
}

const NO_COLLECTIONS: CollectionMethods = { searches: new Set() };

/** Which of the language's collection methods search and which run a callback per item (none listed: none read). */
export function collectionsOf(language: LanguageId): CollectionMethods {
  return LANGUAGES[language].collections ?? NO_COLLECTIONS;
}
