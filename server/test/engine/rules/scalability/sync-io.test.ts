import { syncIo } from '../../../../src/engine/rules/scalability/sync-io.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';

const invalid: InvalidCase[] = [
  {
    language: 'javascript',
    code: "const fs = require('fs');\nfunction handler(req, res) {\n  res.end(fs.readFileSync(req.path));\n}",
    errors: [
      {
        line: 3,
        messageId: 'blockingNode',
        says: /^`fs\.readFileSync\(req\.path\)` on line 3 in `handler` blocks Node's event loop.*`await fs\.promises\.readFile\(…\)`/,
      },
    ],
  },
  {
    language: 'typescript',
    code: "import { execSync } from 'node:child_process';\nexport const version = () => execSync('git describe').toString();",
    errors: [
      {
        line: 2,
        messageId: 'blockingNode',
        says: /in `version` blocks Node's event loop.*`child_process` without `Sync`/,
      },
    ],
  },
  {
    language: 'tsx',
    code: 'function Page() {\n  const data = fs.readdirSync(dir);\n  return <ul>{data}</ul>;\n}',
    errors: [{ line: 2, messageId: 'blockingNode' }],
  },
  {
    language: 'javascript',
    code: "const fs = require('fs');\nfunction has(path) {\n  return fs.existsSync(path);\n}\nfunction head(fd, buf) {\n  return fs.readSync(fd, buf);\n}",
    errors: [
      {
        line: 3,
        messageId: 'blockingNode',
        says: /`await fs\.promises\.access\(…\)`, which rejects when the path does not exist/,
        saysNot: /fs\.promises\.exists/,
      },
      {
        line: 6,
        messageId: 'blockingNode',
        says: /`const file = await fs\.promises\.open\(…\)`, then `await file\.read\(…\)`/,
        saysNot: /fs\.promises\.read\(/,
      },
    ],
  },
  {
    language: 'python',
    code: 'import time\nasync def poll():\n    time.sleep(1)\n',
    errors: [
      {
        line: 3,
        messageId: 'blockingInCoroutine',
        says: /^`time\.sleep\(1\)` on line 3 blocks inside the coroutine `poll`.*await asyncio\.sleep/,
      },
    ],
  },
  {
    language: 'python',
    code: 'import requests\nasync def fetch(url):\n    return requests.get(url).json()\n',
    errors: [{ line: 3, messageId: 'blockingInCoroutine', says: /httpx\.AsyncClient/ }],
  },
];

const valid: ValidCase[] = [
  {
    language: 'javascript',
    code: "const config = require('fs').readFileSync('config.json', 'utf8');",
    why: 'module level, at start-up',
  },
  {
    language: 'python',
    code: 'import time, asyncio\ndef wait():\n    time.sleep(1)\nasync def pause():\n    await asyncio.sleep(1)\n',
    why: 'not a coroutine; the async sleep',
  },
];

ruleTester(syncIo, { valid, invalid });
