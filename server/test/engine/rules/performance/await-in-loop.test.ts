import { awaitInLoop } from '../../../../src/engine/rules/performance/await-in-loop.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'javascript',
    code: lines(
      'async function load(ids) {',
      '  const out = [];',
      '  for (const id of ids) {',
      '    out.push(await fetchOne(id));',
      '  }',
      '  return out;',
      '}',
    ),
    errors: [
      {
        line: 4,
        messageId: 'sequentialAwait',
        says: /^`await fetchOne\(id\)` on line 4 waits inside the loop on line 3.*`await Promise\.all\(ids\.map\(async \(id\) => …\)\)`/,
      },
    ],
  },
  {
    language: 'typescript',
    code: lines(
      'async function saveAll(n: number) {',
      '  for (let i = 0; i < n; i++) {',
      '    await save(i);',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'sequentialAwait',
        says: /`await save\(i\)` on line 3 waits inside the loop on line 2/,
      },
    ],
  },
  {
    language: 'tsx',
    code: lines(
      'async function send(users: User[]) {',
      '  for (const u of users) {',
      '    await mail(u);',
      '    await log(u);',
      '  }',
      '}',
    ),
    errors: [{ line: 3, messageId: 'sequentialAwait', says: /\(and 1 more await\)/ }],
  },
  {
    language: 'python',
    code: lines('async def load(ids):', '    for i in ids:', '        await fetch(i)', ''),
    errors: [
      { line: 3, messageId: 'sequentialAwait', says: /`await asyncio\.gather\(\*\(… for i in ids\)\)`/ },
    ],
  },
  {
    language: 'javascript',
    code: lines(
      'async function sync(a, b) {',
      '  for (const x of a) await put(x);',
      '  for (let i = 0; i < b.length; i++) {',
      '    const r = await get(b[i]);',
      '    await put(r);',
      '    await log(r);',
      '  }',
      '}',
    ),
    why: 'two loops, each reported once at its first await',
    errors: [
      { line: 2, messageId: 'sequentialAwait', data: { loop: 2, others: '' } },
      {
        line: 4,
        messageId: 'sequentialAwait',
        data: { loop: 3, others: ' (and 2 more awaits)' },
        says: /^`await get\(b\[i\]\)` on line 4 \(and 2 more awaits\) waits inside the loop on line 3.*`await Promise\.all\(\[\.\.\.\]\)`/,
      },
    ],
  },
];

const valid: ValidCase[] = [
  {
    language: 'typescript',
    why: 'batches: each iteration already runs its part together, and the loop bounds how much runs at once',
    code: lines(
      'async function saveAll(chunks: Item[][]) {',
      '  for (const chunk of chunks) {',
      '    await Promise.all(chunk.map((item) => save(item)));',
      '  }',
      '}',
    ),
  },
  {
    language: 'python',
    why: 'batches gathered one after another',
    code: lines(
      'import asyncio',
      'async def refresh(batches):',
      '    for batch in batches:',
      '        await asyncio.gather(*(f.refresh() for f in batch))',
      '',
    ),
  },
  {
    language: 'typescript',
    why: 'the update reads what the body sets: each iteration takes what the last one left',
    code: lines(
      'async function drain(state: State) {',
      '  for (let batch = state.batch; batch !== undefined; batch = state.batch) {',
      '    state.batch = undefined;',
      '    await write(batch);',
      '  }',
      '}',
    ),
  },
  {
    language: 'javascript',
    why: 'paging: the condition reads the flag each page sets',
    code: lines(
      'async function all(api) {',
      '  let more = true;',
      '  const out = [];',
      '  for (let page = 1; more; page++) {',
      '    const r = await api.list(page);',
      '    out.push(...r.items);',
      '    more = r.hasMore;',
      '  }',
      '  return out;',
      '}',
    ),
  },
  {
    language: 'python',
    why: 'a loop that sleeps between requests paces them on purpose',
    code: lines(
      'import asyncio',
      'async def polite_crawl(client, urls):',
      '    pages = []',
      '    for url in urls:',
      '        pages.append(await client.get(url))',
      '        await asyncio.sleep(1.0)',
      '    return pages',
    ),
  },
  {
    language: 'typescript',
    why: 'a delay awaited in the loop: rate-limited on purpose',
    code: lines(
      'export async function sendAll(messages: string[]) {',
      '  for (const m of messages) {',
      '    await send(m);',
      '    await new Promise((resolve) => setTimeout(resolve, 250));',
      '  }',
      '}',
    ),
  },
  {
    language: 'javascript',
    code: 'async function f(xs) {\n  for await (const x of xs) use(x);\n  for (const id of await list()) use(id);\n  while (!done) await sleep(100);\n}',
    why: 'for await; iterable awaited once; polling while-loop',
  },
  {
    language: 'typescript',
    code: 'async function first(mirrors: string[]) {\n  for (const url of mirrors) {\n    const r = await fetch(url);\n    if (r.ok) return r;\n  }\n}',
    why: 'the loop stops at the first success',
  },
  {
    language: 'python',
    code: 'async def f(xs):\n    async for x in xs:\n        await use(x)\n',
    why: 'async for',
  },
  {
    language: 'python',
    code: 'import asyncio\nasync def wait_ready(job):\n    while not job.done():\n        await asyncio.sleep(1)\n',
    focused: true,
    why: 'a polling while-loop, with performance in focus',
  },
];

ruleTester(awaitInLoop, { valid, invalid });
