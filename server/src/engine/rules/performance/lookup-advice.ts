/**
 * What to build instead of searching a collection over and over: the fixes
 * shared by linear-search-in-loop and search-in-chain, worded for where the
 * repetition happens (a loop, a comprehension, a chain's callback).
 */
import type { LanguageId } from '@code-explain/shared';
import type { KeyComparison } from '../../facts/searches.js';

export function advice(language: LanguageId, name: string, method: string, where: string): string {
  switch (language) {
    case 'python':
      return method === 'in'
        ? `build \`${name}_set = set(${name})\` once before the ${where} and test membership in that, which takes constant time`
        : `build a dict from each value to what you need (e.g. its position) once before the ${where} and look values up in it`;
    case 'java':
      return method === 'contains'
        ? `build \`new HashSet<>(${name})\` once before the ${where} and call contains on the set, which takes constant time`
        : `build a HashMap from each element to its position once before the ${where} and look elements up in it`;
    case 'csharp':
      return method === 'Contains'
        ? `build \`var ${name}Set = ${name}.ToHashSet()\` once before the ${where} and call \`${name}Set.Contains(…)\`, which takes constant time`
        : `build a Dictionary from each element of \`${name}\` to its position once before the ${where} and look positions up in it`;
    case 'go':
      return `build a map from the slice's elements (map[T]struct{}, or map[T]int for positions) once before the ${where} and look keys up in it`;
    default:
      switch (method) {
        case 'includes':
          return `build \`const ${name}Set = new Set(${name})\` once before the ${where} and call \`${name}Set.has(…)\`, which takes constant time`;
        default:
          return `build a Map from each element of \`${name}\` to its position once before the ${where} and look positions up with get, which takes constant time`;
      }
  }
}

/** Calls that make the searched collection grow. */
export const GROWS = /^(push|unshift|splice|append|extend|insert|add|addAll)$/;

/** How the searched collection is used besides the search, which decides the fix. */
export interface GrowingUse {
  /** Where it is read by position (`stack[i:]`, `stack.pop()`), quoted: a set would not do. */
  readonly ordered?: string;
  /** A dict or set kept in step with it, that can answer the membership test itself. */
  readonly mirror?: {
    readonly name: string;
    readonly probe: string;
    readonly added: number;
    readonly removed: number;
  };
}

/**
 * The fix when the loop (or chain) itself adds to the collection it searches (`if x not in
 * seen: seen.append(x)`): a copy made before the loop would never see what the
 * loop adds, so the collection itself becomes a set.
 */
export function growingAdvice(language: LanguageId, name: string, use: GrowingUse = {}): string {
  if (use.mirror)
    return `\`${use.mirror.name}\` already holds the same items as \`${name}\`: it gets each one where \`${name}\` does (line ${use.mirror.added}) and loses it where \`${name}\` pops (line ${use.mirror.removed}). Test \`${use.mirror.probe}\` instead, which takes constant time`;
  // A stack or queue read by position: a set in its place would lose the order the code relies on.
  if (use.ordered)
    return language === 'python'
      ? `\`${name}\` is read by position (${use.ordered}), so keep the list and keep a set of its items beside it: add to the set where the list appends, remove from it where the list pops, and test membership in the set, which takes constant time`
      : `\`${name}\` is read by position (${use.ordered}), so keep it and keep a set of its items beside it: add where it grows, remove where it shrinks, and test membership in the set, which takes constant time`;
  switch (language) {
    case 'python':
      return `Make \`${name}\` a set from the start (\`${name} = set()\`) and call \`${name}.add(…)\` where it now appends; \`in\` on a set takes constant time. If the order of the items matters, keep the list and add each item to a set as well, testing the set`;
    case 'java':
      return `Declare \`${name}\` as a \`Set\` (\`new HashSet<>()\`, or \`LinkedHashSet\` to keep the order) and keep calling \`add\`; \`contains\` on a hash set takes constant time`;
    case 'go':
      return `Keep a \`map[T]struct{}\` next to the slice (or instead of it), add to it where the slice grows, and test membership with \`_, ok := seen[x]\``;
    default:
      return `Make \`${name}\` a \`Set\` from the start (\`new Set()\`), call \`${name}.add(…)\` where it now pushes and \`${name}.has(…)\` where it searches; a Set keeps insertion order and answers in constant time`;
  }
}

/** JS advice for a search by key: the lookup structure to build, in this code's own names. */
export function keyedAdvice(name: string, method: string, k: KeyComparison, where = 'loop'): string {
  const field = k.key === k.param ? '' : (k.key.split('.').pop() ?? '');
  const index = `${name}By${field ? field[0]!.toUpperCase() + field.slice(1) : 'Value'}`;
  const pair = (value: string) =>
    `new Map(${name}.map((${k.param}${value === 'i' ? ', i' : ''}) => [${k.key}, ${value}]))`;
  switch (method) {
    case 'some':
      return `build \`const ${index} = new Set(${name}.map((${k.param}) => ${k.key}))\` once before the ${where} and test \`${index}.has(${k.probe})\`, which takes constant time`;
    case 'filter':
      return `group \`${name}\` once before the ${where} into a Map from \`${k.key}\` to the elements that have it, and take \`${index}.get(${k.probe}) ?? []\` instead of filtering`;
    case 'findIndex':
    case 'findLastIndex':
      return `build \`const ${index} = ${pair('i')}\` once before the ${where} and look positions up with \`${index}.get(${k.probe})\` (it keeps the last position of a repeated key)`;
    default:
      return `build \`const ${index} = ${pair(k.param)}\` once before the ${where} and look elements up with \`${index}.get(${k.probe})\`, which takes constant time (if keys repeat, it keeps the last element with each key)`;
  }
}
