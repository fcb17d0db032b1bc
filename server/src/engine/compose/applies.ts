/**
 * Whether a well-known alternative really applies to the code in front of
 * it: a `for…of` only where the counting loop's index does nothing but pick
 * the current item, a hash index only where an inner loop looks for items
 * equal to the outer loop's, a lookup table only where every check compares
 * one value with a constant. Comparative mode offers nothing it cannot back.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { Step } from '../facts/model.js';
import { LOOP_TYPES } from '../nodes.js';
import { escapeRegExp } from '../regex.js';

/**
 * A counting loop whose index only picks the current item (`xs[i]` read, never written), declared in its
 * header so nothing after the loop reads it: a for-each loop would do the same.
 */
export function itemOnlyCountingLoop(unit: Node, line: number): boolean {
  const loop = unit.descendantsOfType(['for_statement']).find((n) => n.startPosition.row + 1 === line);
  if (!loop) return false;
  const head = loop.text.slice(
    0,
    (loop.childForFieldName('body')?.startIndex ?? loop.endIndex) - loop.startIndex,
  );
  const m =
    /^for\s*\(\s*(?:let|var|int|long|size_t|auto)\s+(\w+)\s*=\s*0\s*;\s*\1\s*<\s*([\w.]+?)(?:\.length|\.size\(\)|\.Count|\.Length)\s*;\s*(?:\1\s*\+\+|\+\+\s*\1|\1\s*\+=\s*1)\s*\)/.exec(
      head,
    );
  if (!m) return false;
  const index = m[1]!;
  const items = m[2]!;
  const body = loop.childForFieldName('body')?.text ?? '';
  // Every use of the index picks the current item: `xs[i]` or `xs.get(i)`.
  const picks = new RegExp(
    `${escapeRegExp(items)}\\s*(?:\\[\\s*${escapeRegExp(index)}\\s*\\]|\\.get\\(\\s*${escapeRegExp(index)}\\s*\\))`,
    'g',
  );
  // A pick written to (`xs[i] = …`, `xs[i]++`) stores into the list: a for-each loop's item cannot.
  const written = new RegExp(`${picks.source}\\s*(?:(?:<<|>>>?|[-+*/%&|^])?=(?!=)|\\+\\+|--)`);
  if (written.test(body)) return false;
  return !new RegExp(`\\b${escapeRegExp(index)}\\b`).test(body.replace(picks, ''));
}

/** The variable a for-each loop binds (`x` in `for x in xs`, `for (const x of xs)`, `for _, x := range xs`). */
function loopVariable(loop: Node): string | undefined {
  const left = loop.childForFieldName('left') ?? loop.childForFieldName('name');
  if (left) return /(\w+)\s*$/.exec(left.text.replace(/^(const|let|var)\s+/, ''))?.[1];
  const range = loop.namedChildren.find((c) => c.type === 'range_clause');
  return range ? /(\w+)\s*$/.exec(range.childForFieldName('left')?.text ?? '')?.[1] : undefined;
}

/** An inner loop that compares its items with the outer loop's for equality: a join a hash index would replace. */
export function equalityJoin(unit: Node): boolean {
  const loops = unit.descendantsOfType([...LOOP_TYPES]);
  for (const inner of loops) {
    const outer = loops.find(
      (o) => o !== inner && o.startIndex < inner.startIndex && inner.endIndex <= o.endIndex,
    );
    if (!outer) continue;
    const a = loopVariable(outer);
    const b = loopVariable(inner);
    if (!a || !b || a === b) continue;
    const body = inner.childForFieldName('body')?.text ?? inner.text;
    const side = (v: string) => `\\b${escapeRegExp(v)}(?:\\.\\w+|\\[[^\\]]+\\])*`;
    const eq = `\\s*(?:===?|\\.equals\\(|\\.Equals\\()\\s*`;
    if (new RegExp(`${side(a)}${eq}${side(b)}|${side(b)}${eq}${side(a)}`).test(body)) return true;
  }
  return false;
}

/** Every check compares one and the same value with a constant: `kind === 'a'`, `c == 1`. */
export function oneValueAgainstConstants(branches: readonly Step[]): string | undefined {
  let subject: string | undefined;
  for (const b of branches) {
    const m =
      /^\(?\s*([\w.]+)\s*(?:===?|==)\s*(?:'[^']*'|"[^"]*"|-?\d+(?:\.\d+)?|[A-Z][\w.]*)\s*\)?$/.exec(
        b.subject ?? '',
      ) ?? /^\(?\s*(?:'[^']*'|"[^"]*"|-?\d+(?:\.\d+)?)\s*(?:===?|==)\s*([\w.]+)\s*\)?$/.exec(b.subject ?? '');
    if (!m) return undefined;
    if (subject !== undefined && subject !== m[1]) return undefined;
    subject = m[1];
  }
  return subject;
}
