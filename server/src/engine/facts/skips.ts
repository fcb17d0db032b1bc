/**
 * A scanning loop: `while (i < n && isspace(s[i])) i++;` does nothing but move one index, by one, in one
 * direction, while a test of the item there holds and a bound on the index holds. It skips past a run of
 * items: told as that, not as a loop that "repeats while …".
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import { codeWithoutComments } from '../nodes.js';
import { escapeRegExp } from '../regex.js';
import { splitTopLevel, unwrapWhole } from '../purpose/answers.js';

export interface Skip {
  /** The index moved. */
  readonly index: string;
  readonly way: 'forward' | 'back';
  /** The conjuncts of the condition that test the items (they mention the index), as written. */
  readonly test: string;
  /** The conjuncts that only bound the index (`i < n`, `end > 0`), as written. */
  readonly bound: string;
}

/** The longest condition told as a skip. */
const MAX_CONDITION_CHARS = 100;

/** `i++`, `++i`, `i += 1`, `i = i + 1` (and the same back), as the one statement of a body. */
function stepOf(statement: string): { index: string; way: Skip['way'] } | undefined {
  const t = statement.trim().replace(/;$/, '').trim();
  const post = /^([A-Za-z_$][\w$]*)\s*(\+\+|--)$/.exec(t);
  const pre = /^(\+\+|--)\s*([A-Za-z_$][\w$]*)$/.exec(t);
  if (post) return { index: post[1]!, way: post[2] === '++' ? 'forward' : 'back' };
  if (pre) return { index: pre[2]!, way: pre[1] === '++' ? 'forward' : 'back' };
  const compound = /^([A-Za-z_$][\w$]*)\s*([-+])=\s*1$/.exec(t);
  if (compound) return { index: compound[1]!, way: compound[2] === '+' ? 'forward' : 'back' };
  const spelled = /^([A-Za-z_$][\w$]*)\s*=\s*([A-Za-z_$][\w$]*)\s*([-+])\s*1$/.exec(t);
  if (spelled && spelled[1] === spelled[2])
    return { index: spelled[1]!, way: spelled[3] === '+' ? 'forward' : 'back' };
  return undefined;
}

/** The one statement a loop body runs, as text, or undefined when it runs more (or nothing). */
function onlyStatement(body: Node): string | undefined {
  let inner = body;
  for (;;) {
    const named = inner.namedChildren.filter((c) => !c.type.includes('comment'));
    if (/block|compound|suite|body|statement_list/.test(inner.type)) {
      if (named.length !== 1) return undefined;
      inner = named[0]!;
      continue;
    }
    if (/expression_statement/.test(inner.type) && named.length === 1) return codeWithoutComments(named[0]!);
    return codeWithoutComments(inner);
  }
}

/** The scan a `while` loop makes, or undefined when it is not one. */
export function skipOf(loop: Node): Skip | undefined {
  const body = loop.childForFieldName('body');
  if (!body) return undefined;
  // Go's `for cond {}` holds its condition as a plain child, beside the body.
  const held =
    loop.childForFieldName('condition') ??
    loop.namedChildren.find((c) => c.id !== body.id && !/clause|comment/.test(c.type));
  const condition = held ? codeWithoutComments(held).replace(/\s+/g, ' ').trim() : '';
  // Quoted whole in the sentence (and the claim): a longer one is no run a reader can take in.
  if (!condition || condition.length > MAX_CONDITION_CHARS) return undefined;
  const statement = onlyStatement(body);
  const step = statement === undefined ? undefined : stepOf(statement);
  if (!step) return undefined;
  const joiner = /\band\b/.test(condition) && !condition.includes('&&') ? ' and ' : ' && ';
  // As written (a conjunct's own brackets kept, so the test quotes as the code has it), and unwrapped to read.
  const written = splitTopLevel(unwrapWhole(condition), /\s*(?:&&|\band\b)\s*/).map((c) => c.trim());
  const conjuncts = written.map(unwrapWhole);
  if (conjuncts.length < 2) return undefined;
  const name = escapeRegExp(step.index);
  const mentions = new RegExp(`(?<![\\w$.])${name}(?![\\w$])`);
  // A bound: the index alone compared with something (`i < n`, `end > start`, `0 < i`).
  const bare = new RegExp(
    `^(?:${name}\\s*(?:<=?|>=?|!=)\\s*[^&|<>=!]+|[^&|<>=!]+\\s*(?:<=?|>=?|!=)\\s*${name})$`,
  );
  const bounds = conjuncts.filter((c) => bare.test(c));
  const tests = conjuncts.filter((c) => !bare.test(c));
  // Every other conjunct tests the item at (or next to) the index: it mentions the index inside brackets
  // or a call, not only the index itself.
  if (bounds.length === 0 || tests.length === 0) return undefined;
  if (
    !tests.every((c) => mentions.test(c) && new RegExp(`[[(][^\\])]*(?<![\\w$.])${name}(?![\\w$])`).test(c))
  )
    return undefined;
  // The bounds must all come first: they keep the tests from reading past the end.
  const k = bounds.length;
  if (!conjuncts.slice(0, k).every((c) => bare.test(c))) return undefined;
  return {
    index: step.index,
    way: step.way,
    test: written.slice(k).join(joiner),
    bound: written.slice(0, k).join(joiner),
  };
}
