/**
 * Callback pipelines and what repeats them: `xs.map(…)`, a stream's `filter`, LINQ's `Select`, Python's
 * `map(f, xs)` each run their callback once per item, so their cost is a loop's over their receiver,
 * though no loop statement is written. For each, the loops and pipelines around it in the unit, and
 * for the loops inside a pipeline's callback, the same: the cost estimate multiplies along these.
 */
import type { LanguageId } from '@code-explain/shared';
import type { PipelineCall } from '../languages/model.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { COMPREHENSIONS, contains, evaluatedOnce, FUNCTION_TYPES } from '../nodes.js';
import type { Repeater, Repetition } from './model.js';
import { quote } from './cost.js';
import { chainSearchesOf } from './searches.js';
import { clip } from './subjects.js';
import { stepFor, syntaxOf } from './syntax.js';

/** Functions written inline that a pipeline can be given, beyond the declared kinds of FUNCTION_TYPES. */
const INLINE_FUNCTIONS: ReadonlySet<string> = new Set(['closure_expression']);
const isFunction = (node: Node) => FUNCTION_TYPES.has(node.type) || INLINE_FUNCTIONS.has(node.type);

interface Reading {
  readonly isLoop: (node: Node) => boolean;
  readonly pipeline: (node: Node) => PipelineCall | undefined;
}

/** Whether a loop or comprehension repeats its child `child` (`inner` the child below it), not evaluates it once. */
function repeats(loop: Node, child: Node, inner: Node | undefined): boolean {
  if (!COMPREHENSIONS.has(loop.type)) return !evaluatedOnce(loop, child, inner);
  // A comprehension evaluates its first iterable once; its element, conditions and later `for`s repeat.
  const first = loop.namedChildren.find((c) => c.type === 'for_in_clause');
  return !(first && child.id === first.id && inner?.id === first.childForFieldName('right')?.id);
}

function loopRepeater(loop: Node): Repeater {
  const line = loop.startPosition.row + 1;
  const clause = COMPREHENSIONS.has(loop.type)
    ? loop.namedChildren.find((c) => c.type === 'for_in_clause')
    : loop.namedChildren.find((c) => c.type === 'range_clause');
  const over = (clause ?? loop).childForFieldName('right') ?? loop.childForFieldName('value');
  return { kind: 'loop', line, ...(over ? { over: clip(over.text, 40) } : {}) };
}

function pipelineRepeater(call: Node, pipe: PipelineCall): Repeater {
  return {
    kind: 'pipeline',
    line: call.startPosition.row + 1,
    method: pipe.method,
    ...(pipe.over ? { over: clip(pipe.over.text, 40) } : {}),
    ...(pipe.counts ? { counts: true } : {}),
  };
}

/**
 * The loops and pipelines in `unit` that repeat `node`, outermost first; undefined when `node` is in a
 * function the unit does not run for each item (a callback it stores or hands to something else).
 */
function around(node: Node, unit: Node, read: Reading): Repeater[] | undefined {
  const out: Repeater[] = [];
  let inner: Node | undefined;
  let child = node;
  let callback: Node | undefined;
  for (let p = node.parent; p && p.id !== unit.id; inner = child, child = p, p = p.parent) {
    if (callback) {
      // The call the callback was handed to: a pipeline repeats what is inside the callback.
      const pipe = read.pipeline(p);
      if (pipe?.callback.id === callback.id) {
        out.push(pipelineRepeater(p, pipe));
        callback = undefined;
      } else if (!contains(p, callback) || p.type.includes('call') || p.type.includes('invocation'))
        return undefined;
      continue;
    }
    // A callback that is no function node (a Ruby block): the pipeline repeats what is inside it.
    const pipe = read.pipeline(p);
    if (pipe && contains(pipe.callback, child)) {
      out.push(pipelineRepeater(p, pipe));
      continue;
    }
    if (isFunction(p)) {
      callback = p;
      continue;
    }
    if ((read.isLoop(p) || COMPREHENSIONS.has(p.type)) && repeats(p, child, inner)) out.push(loopRepeater(p));
  }
  return callback ? undefined : out.reverse();
}

/** Every pipeline in `unit`, and every loop inside a pipeline's callback, with what repeats it there. */
export function repetitionsOf(language: LanguageId, unit: Node): readonly Repetition[] {
  const pipeline = syntaxOf(language).pipeline;
  if (!pipeline) return [];
  const read: Reading = {
    pipeline,
    // A comprehension's `for` clause is read through its comprehension.
    isLoop: (n) => stepFor(language, n.type)?.kind === 'loop' && n.type !== 'for_in_clause',
  };
  const out: Repetition[] = [];
  const nodes = unit.doc.nodes;
  for (let id = unit.id + 1; id <= unit.lastId; id++) {
    const node = nodes[id];
    if (!node?.named) continue;
    const pipe = pipeline(node);
    const isLoop = !pipe && (read.isLoop(node) || COMPREHENSIONS.has(node.type));
    if (!pipe && !isLoop) continue;
    const outer = around(node, unit, read);
    if (!outer) continue;
    // A loop only matters here inside a pipeline's callback: the loop nesting counts the rest.
    if (isLoop && !outer.some((r) => r.kind === 'pipeline')) continue;
    const search = pipe ? searchIn(language, node) : undefined;
    out.push({
      ...(pipe ? pipelineRepeater(node, pipe) : loopRepeater(node)),
      around: outer,
      ...(search ? { search } : {}),
    });
  }
  return out;
}

/** A list (or what may be one) a pipeline's callback searches on every call, the collection fixed outside it. */
function searchIn(language: LanguageId, call: Node): Repetition['search'] {
  const found = chainSearchesOf(language, call).find(
    (s) => s.step.id === call.id && !s.boundInCallback && (s.holds === 'list' || s.holds === 'unknown'),
  );
  return found
    ? { search: quote(found), collection: clip(found.name, 40), isList: found.holds === 'list' }
    : undefined;
}
