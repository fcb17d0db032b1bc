/**
 * Method chains that form a pipeline: LINQ (`Where` → `Select` → `ToList`),
 * Java streams, JavaScript array methods, Rust and Kotlin iterators. Each is
 * told as the steps it chains, in order, from the unit's text.
 */
import { codePositions } from './code-text.js';

export interface Chain {
  readonly line: number;
  /** The methods chained, in order, as written. */
  readonly methods: readonly string[];
}

const PIPELINE = new Set(
  `map filter reduce flatMap some every find findIndex sort forEach slice concat join entries keys values
   stream parallelStream collect sorted distinct limit skip anyMatch allMatch noneMatch findFirst mapToInt boxed toList count sum min max average
   Where Select SelectMany OrderBy OrderByDescending ThenBy GroupBy Any All First FirstOrDefault Single ToList ToArray ToDictionary Sum Count Distinct Take Skip Aggregate Average Min Max
   iter into_iter iter_mut enumerate zip fold filter_map take_while skip_while chain rev cloned copied
   mapNotNull flatMapTo associate groupBy sortedBy sumOf forEachIndexed`.split(/\s+/),
);

/** The index of the `)` closing the `(` at `open`, or -1; brackets in strings do not count. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (const i of codePositions(text, open)) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

export function chainsIn(text: string, firstLine: number): Chain[] {
  const chains: Chain[] = [];
  const call = /\.\s*([A-Za-z_]\w*)\s*(?:::<[^>]*>)?\s*\(/g;
  let m: RegExpExecArray | null;
  let current: { start: number; methods: string[]; end: number } | undefined;
  const flush = () => {
    if (current && current.methods.filter((x) => PIPELINE.has(x)).length >= 2)
      chains.push({
        line: firstLine + text.slice(0, current.start).split('\n').length - 1,
        methods: current.methods,
      });
    current = undefined;
  };
  while ((m = call.exec(text)) !== null) {
    // A call inside the current link's arguments (`collect(Collectors.toList())`) is not a link of its own.
    if (current && m.index < current.end) continue;
    const open = m.index + m[0].length - 1;
    const end = closing(text, open);
    if (end < 0) break;
    const joined = current !== undefined && /^\s*$/.test(text.slice(current.end + 1, m.index));
    if (!joined) flush();
    current ??= { start: m.index, methods: [], end };
    current.methods.push(m[1]!);
    current.end = end;
  }
  flush();
  return chains;
}
