import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { calleeText, code, enclosingFunction, JS_LIKE, lineOf, methodName } from '../util.js';

const JS_BLOCKING =
  /^(readFileSync|writeFileSync|appendFileSync|readdirSync|statSync|lstatSync|existsSync|mkdirSync|rmSync|rmdirSync|unlinkSync|renameSync|copyFileSync|openSync|readSync|writeSync|accessSync|execSync|execFileSync|spawnSync)$/;

/**
 * What `fs.promises` offers instead, where it is not the same name without `Sync`: it has no `exists`,
 * and reads and writes at a position go through the FileHandle that `open` gives.
 */
const JS_INSTEAD: Readonly<Record<string, string>> = {
  existsSync: '`fs/promises` (`await fs.promises.access(…)`, which rejects when the path does not exist)',
  readSync: 'a FileHandle (`const file = await fs.promises.open(…)`, then `await file.read(…)`)',
  writeSync: 'a FileHandle (`const file = await fs.promises.open(…)`, then `await file.write(…)`)',
};

/** Python calls that block the thread, with the asyncio way to do the same. */
const PY_BLOCKING: readonly [RegExp, string][] = [
  [/^time\.sleep$/, 'await asyncio.sleep(…)'],
  [
    /^requests\.(get|post|put|patch|delete|head|options|request)$/,
    'an async HTTP client (httpx.AsyncClient, aiohttp) or await asyncio.to_thread(…)',
  ],
  [
    /^(urllib\.request\.)?urlopen$/,
    'an async HTTP client (httpx.AsyncClient, aiohttp) or await asyncio.to_thread(…)',
  ],
  [/^subprocess\.(run|call|check_call|check_output)$/, 'await asyncio.create_subprocess_exec(…)'],
  [/^os\.system$/, 'await asyncio.create_subprocess_shell(…)'],
];

function functionName(fn: Node): string {
  const name = fn.childForFieldName('name')?.text;
  if (name) return `\`${name}\``;
  const holder =
    fn.parent?.type === 'variable_declarator' ? fn.parent.childForFieldName('name')?.text : undefined;
  return holder ? `\`${holder}\`` : 'the function';
}

/** Blocking calls where they stall everything else: Node.js functions, Python coroutines. */
export const syncIo: Rule = {
  meta: {
    id: 'scalability/sync-io',
    type: 'scalability',
    severity: 'medium',
    languages: [...JS_LIKE, 'python'],
    docs: {
      description:
        'Synchronous file/process calls in Node.js functions; blocking calls inside Python async functions.',
      examples: [
        {
          language: 'javascript',
          bad: "const fs = require('fs');\n\nfunction load(path) {\n  return JSON.parse(fs.readFileSync(path, 'utf8'));\n}\n",
          good: "const fs = require('fs');\n\nasync function load(path) {\n  return JSON.parse(await fs.promises.readFile(path, 'utf8'));\n}\n",
        },
        {
          language: 'python',
          bad: 'import time\n\nasync def poll():\n    time.sleep(1)\n',
          good: 'import asyncio\n\nasync def poll():\n    await asyncio.sleep(1)\n',
        },
      ],
    },
    messages: {
      blockingInCoroutine:
        '{{code}} on line {{line}} blocks inside the coroutine {{function}}: while it waits, the event loop can run nothing else, so every other task stalls. Use {{instead}} instead.',
      blockingNode:
        "{{code}} on line {{line}} in {{function}} blocks Node's event loop until it finishes, so nothing else in the process (other requests, timers, I/O callbacks) runs meanwhile; in code that runs while the process serves other work, use {{instead}}.",
    },
  },
  create(context) {
    if (context.language === 'python') {
      return {
        call(node) {
          const callee = calleeText(node);
          const match = PY_BLOCKING.find(([pattern]) => pattern.test(callee));
          if (!match) return;
          const fn = enclosingFunction(node);
          // Only directly inside an `async def`: there the event loop itself is blocked.
          if (fn?.type !== 'function_definition' || fn.firstChild?.type !== 'async') return;
          context.report({
            node,
            messageId: 'blockingInCoroutine',
            data: {
              code: code(node.text, 50),
              line: lineOf(node),
              function: functionName(fn),
              instead: match[1],
            },
          });
        },
      };
    }
    return {
      call_expression(node) {
        const callee = calleeText(node);
        const name = methodName(callee);
        if (!JS_BLOCKING.test(name)) return;
        // At module top level a one-off synchronous read at start-up is fine.
        const fn = enclosingFunction(node);
        if (!fn) return;
        const async =
          name.startsWith('exec') || name.startsWith('spawn')
            ? '`child_process` without `Sync` (exec/execFile with util.promisify, or spawn)'
            : (JS_INSTEAD[name] ?? `\`fs/promises\` (\`await fs.promises.${name.replace(/Sync$/, '')}(…)\`)`);
        context.report({
          node,
          messageId: 'blockingNode',
          data: { code: code(node.text, 50), line: lineOf(node), function: functionName(fn), instead: async },
        });
      },
    };
  },
};
