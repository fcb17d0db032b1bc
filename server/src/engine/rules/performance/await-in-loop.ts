import type { SnapshotNode as Node } from '../../parsing/node.js';
import { escapeRegExp } from '../../regex.js';
import { SKIP_CHILDREN, walk } from '../../walk.js';
import type { Rule } from '../model.js';
import { code, enclosingLoop, FUNCTION_TYPES, JS_LIKE, lineOf } from '../util.js';

/** Loops over items or counters; while-loops usually wait on purpose (polling, paging). */
const FOR_LOOPS = new Set(['for_statement', 'for_in_statement']);

/** A loop that can stop early (break, return, throw) depends on what earlier iterations found. */
function stopsEarly(loop: Node): boolean {
  const body = loop.childForFieldName('body');
  if (!body) return false;
  let found = false;
  walk(body, (n) => {
    if (found || FUNCTION_TYPES.has(n.type)) return SKIP_CHILDREN;
    if (
      n.type === 'break_statement' ||
      n.type === 'return_statement' ||
      n.type === 'throw_statement' ||
      n.type === 'raise_statement'
    )
      found = true;
    return undefined;
  });
  return found;
}

/**
 * An awaited delay: the loop paces its requests on purpose (a rate limit, a
 * polite crawler), so running the iterations together would defeat it.
 */
const DELAY =
  /^await\s+((asyncio|trio|anyio)\.sleep|sleep|delay|setTimeout|timers\.setTimeout|scheduler\.wait)\s*\(|^await\s+new\s+Promise\s*\([\s\S]{0,40}?=>\s*setTimeout\b/;

/**
 * An await of work already started together (`Promise.all`, `asyncio.gather`): a loop over batches
 * that bounds how much runs at once, which starting everything together would defeat.
 */
const TOGETHER =
  /^await\s+(Promise\.(all|allSettled|race|any)|(asyncio|trio|anyio)\.(gather|wait|wait_for)|asyncio\.TaskGroup)\s*\(/;

/** Targets the body assigns (`x = …`, `x += …`, `x++`), outside functions nested in it. */
function assignedIn(body: Node): string[] {
  const targets: string[] = [];
  walk(body, (n) => {
    if (FUNCTION_TYPES.has(n.type)) return SKIP_CHILDREN;
    const target =
      n.type === 'assignment_expression' || n.type === 'augmented_assignment_expression'
        ? n.childForFieldName('left')
        : n.type === 'update_expression'
          ? n.childForFieldName('argument')
          : null;
    if (target) targets.push(target.text);
    return undefined;
  });
  return targets;
}

/**
 * A counting loop whose condition or update reads what its body assigns
 * (`for (let b = s.next; b; b = s.next)` with `s.next = …` in the body, or a
 * `more` flag set from each page): each iteration needs the one before it.
 */
function chainsIterations(loop: Node): boolean {
  if (loop.type !== 'for_statement') return false;
  const body = loop.childForFieldName('body');
  const heads = [loop.childForFieldName('condition'), loop.childForFieldName('increment')]
    .map((n) => n?.text ?? '')
    .join('\n');
  if (!body || heads.trim() === '') return false;
  return assignedIn(body).some((t) => new RegExp(`(^|[^\\w.$])${escapeRegExp(t)}(?![\\w$])`).test(heads));
}

/** Sequential awaits in a loop whose iterations could run together. */
export const awaitInLoop: Rule = {
  meta: {
    id: 'performance/await-in-loop',
    type: 'performance',
    severity: 'low',
    languages: [...JS_LIKE, 'python'],
    docs: {
      description: 'An await inside a for loop runs the iterations one after another.',
      examples: [
        {
          language: 'typescript',
          bad: 'async function loadUsers(ids: string[]) {\n  const users = [];\n  for (const id of ids) {\n    users.push(await api.getUser(id));\n  }\n  return users;\n}\n',
          good: 'async function loadUsers(ids: string[]) {\n  return Promise.all(ids.map((id) => api.getUser(id)));\n}\n',
        },
        {
          language: 'python',
          bad: 'async def refresh_all(feeds):\n    for feed in feeds:\n        await feed.refresh()\n',
          good: 'import asyncio\n\nasync def refresh_all(feeds):\n    await asyncio.gather(*(feed.refresh() for feed in feeds))\n',
        },
      ],
    },
    messages: {
      sequentialAwait:
        '{{await}} on line {{line}}{{others}} waits inside the loop on line {{loop}}, so each iteration starts only after the previous one has finished. If the iterations do not depend on each other, start them all and wait once: {{together}}.',
    },
  },
  create(context) {
    const python = context.language === 'python';
    const byLoop = new Map<number, { loop: Node; awaits: Node[] }>();
    const visit = (node: Node) => {
      // Python's grammar also names the bare keyword token `await`.
      if (!node.isNamed) return;
      const loop = enclosingLoop(node);
      if (!loop || !FOR_LOOPS.has(loop.type)) return;
      // `for await` / `async for` loops are meant to await each item.
      if (/^for\s+await\b|^async\s+for\b/.test(loop.text)) return;
      const entry = byLoop.get(loop.id) ?? { loop, awaits: [] };
      entry.awaits.push(node);
      byLoop.set(loop.id, entry);
    };
    const together = (loop: Node): string => {
      const left = loop.childForFieldName('left');
      const right = loop.childForFieldName('right');
      const of =
        loop.type === 'for_in_statement' &&
        /^\s*of\b/.test(context.code.slice(left?.endIndex ?? 0, right?.startIndex ?? 0));
      if (python) {
        return left && right
          ? `await asyncio.gather(*(… for ${left.text} in ${right.text}))`
          : 'await asyncio.gather(…)';
      }
      if (of && left && right) {
        const binding = left.type === 'identifier' || left.type.endsWith('pattern') ? left.text : 'item';
        const simple = [
          'identifier',
          'member_expression',
          'call_expression',
          'subscript_expression',
          'array',
        ].includes(right.type);
        return `await Promise.all(${simple ? right.text : `(${right.text})`}.map(async (${binding}) => …))`;
      }
      return 'await Promise.all([...])';
    };
    return {
      [python ? 'await' : 'await_expression']: visit,
      'Program:exit'() {
        for (const { loop, awaits } of byLoop.values()) {
          if (stopsEarly(loop) || chainsIterations(loop)) continue;
          if (awaits.some((a) => DELAY.test(a.text) || TOGETHER.test(a.text))) continue;
          const first = awaits[0]!;
          const others =
            awaits.length > 1 ? ` (and ${awaits.length - 1} more await${awaits.length > 2 ? 's' : ''})` : '';
          context.report({
            node: first,
            messageId: 'sequentialAwait',
            data: {
              await: code(first.text, 50),
              line: lineOf(first),
              others,
              loop: lineOf(loop),
              together: code(together(loop), 80),
            },
          });
        }
      },
    };
  },
};
