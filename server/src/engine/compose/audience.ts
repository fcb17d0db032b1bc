/**
 * How wording changes with the audience. Beginners get steps one by one and
 * every term used defined in a glossary; experts get terse text that leads
 * with what is not obvious.
 */
import type { Audience } from '@code-explain/shared';

export const TERMS = {
  function: 'a named, reusable block of code that runs when it is called',
  parameter: 'a name for a value the caller passes in',
  loop: 'code that repeats a block, once per item or while a condition holds',
  condition: 'a yes/no test that decides which code runs next',
  return: 'handing a result back to whoever called the function',
  exception: 'an error signal that stops normal flow until some code catches it',
  await: 'pausing this function until an asynchronous operation finishes, without blocking the program',
  recursion:
    'a function calling itself, usually on a smaller part of the problem, until a case it answers directly',
  class: 'a template for objects that bundles data with the functions (methods) that act on it',
  method: 'a function that belongs to a class or object',
  generator: 'a function that produces values one at a time, pausing between them',
  goroutine: 'a lightweight thread started with `go` that runs concurrently',
  defer: 'scheduling a call to run when the surrounding function returns',
  comprehension: 'a compact expression that builds a collection from a loop',
  'generator expression':
    'a comprehension in parentheses (or as a call’s only argument) that builds no collection: it yields its values one at a time, as they are asked for',
  switch:
    'choosing one of several branches by matching a value against cases: values, or patterns that take it apart',
  'cyclomatic complexity': 'the number of independent paths through the code',
  'cognitive complexity': 'how hard the control flow is for a person to follow; nesting makes it grow faster',
  'Halstead volume': 'a size measure based on how many operators and operands the code uses',
} as const;

export type Term = keyof typeof TERMS;

const GLOSSARY_HEADING = 'Terms used here:';
const definition = (term: Term) => `- **${term}**: ${TERMS[term]}.`;

/** The longest glossary there can be: every term defined. */
export const MAX_GLOSSARY_CHARS = [GLOSSARY_HEADING, ...(Object.keys(TERMS) as Term[]).map(definition)].join(
  '\n',
).length;

export class Voice {
  readonly #used: Term[] = [];

  constructor(readonly audience: Audience) {}

  get beginner(): boolean {
    return this.audience === 'beginner';
  }

  get expert(): boolean {
    return this.audience === 'expert';
  }

  /** The word as shown; the term is remembered for the glossary. */
  term(term: Term, shown: string = term): string {
    if (!this.#used.includes(term)) this.#used.push(term);
    return shown;
  }

  /** Takes on the terms `other` used, as if its text had been written with this voice. */
  absorb(other: Voice): void {
    for (const term of other.#used) this.term(term);
  }

  /**
   * For beginners: every term used so far, defined, in order of first use,
   * each with where it occurs in this code when it does.
   */
  glossary(exampleOf: (term: Term) => string | undefined = () => undefined): string | undefined {
    if (!this.beginner || this.#used.length === 0) return undefined;
    return [
      GLOSSARY_HEADING,
      ...this.#used.map((term) => {
        const example = exampleOf(term);
        return example ? `${definition(term)} In this code: ${example}.` : definition(term);
      }),
    ].join('\n');
  }
}
