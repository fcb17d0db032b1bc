import { prototypePollution } from '../../../../src/engine/rules/security/prototype-pollution.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'javascript',
    code: lines(
      'function assign(root, dotted, value) {',
      "  const parts = dotted.split('.');",
      '  let node = root;',
      '  for (let i = 0; i < parts.length - 1; i++) {',
      '    const part = parts[i];',
      '    if (!node[part]) node[part] = {};',
      '    node = node[part];',
      '  }',
      '  node[parts[parts.length - 1]] = value;',
      '}',
    ),
    why: 'a key path walked into nested objects, no key checked',
    errors: [
      {
        line: 6,
        messageId: 'pollutes',
        says: /^CWE-1321: `node\[part\] = …` on line 6 creates the level named by `part` only when it is missing, and the loop on line 4 then walks down into it \(`node = node\[part\]`, line 7\); nothing in the loop keeps `part` from being `__proto__`\. /,
      },
    ],
  },
  {
    language: 'typescript',
    code: lines(
      'export function expand(flat: Record<string, unknown>, sep: string): object {',
      '  const out: any = {};',
      '  for (const path of Object.keys(flat)) {',
      '    const keys = path.split(sep);',
      '    let key = keys.shift()!;',
      "    if (key === '__proto__') continue;",
      '    let at = out;',
      '    while (keys.length > 0) {',
      '      if (at[key] === undefined) at[key] = {};',
      '      at = at[key];',
      '      key = keys.shift()!;',
      '    }',
      '    at[key] = flat[path];',
      '  }',
      '  return out;',
      '}',
    ),
    why: 'the first key checked before the walk, the later ones not',
    errors: [
      {
        line: 9,
        messageId: 'pollutes',
        says: /`__proto__` \(the check on line 6 sees only its value before the loop, which sets it again\)\./,
      },
    ],
  },
  {
    language: 'tsx',
    code: lines(
      'export function Settings({ entries }: { entries: [string, string][] }) {',
      '  const tree: any = {};',
      '  for (const [path, v] of entries) {',
      '    let at = tree;',
      "    const keys = path.split('/');",
      '    for (let i = 0; i < keys.length; i++) {',
      '      const k = keys[i];',
      '      at[k] = at[k] || {};',
      '      at = at[k];',
      '    }',
      '    at.value = v;',
      '  }',
      '  return <pre>{JSON.stringify(tree)}</pre>;',
      '}',
    ),
    errors: [{ line: 8, messageId: 'pollutes', says: /walks down into it \(`at = at\[k\]`, line 9\)/ }],
  },
];

const valid: ValidCase[] = [
  {
    language: 'javascript',
    code: lines(
      "const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);",
      'function assign(root, dotted, value) {',
      "  const parts = dotted.split('.');",
      '  let node = root;',
      '  for (let i = 0; i < parts.length - 1; i++) {',
      '    const part = parts[i];',
      '    if (UNSAFE.has(part)) return;',
      '    if (!node[part]) node[part] = {};',
      '    node = node[part];',
      '  }',
      '}',
    ),
    why: 'every key checked inside the loop',
  },
  {
    language: 'javascript',
    code: lines(
      'function fill(grid, rows) {',
      '  for (let r = 0; r < rows.length; r++) {',
      '    grid[r] = rows[r].slice();',
      '  }',
      '}',
    ),
    why: 'an indexed write with no walk into nested objects',
  },
  {
    language: 'javascript',
    code: lines(
      'function set(obj, key, value) {',
      "  if (key === '__proto__' || key === 'constructor') return obj;",
      '  let at = obj;',
      '  for (let depth = 0; depth < 3; depth++) {',
      '    at[key] = at[key] || {};',
      '    at = at[key];',
      '  }',
      '  return obj;',
      '}',
    ),
    why: 'one key, checked before the loop and never set again in it',
  },
  {
    language: 'javascript',
    code: lines(
      'function assign(root, dotted, value) {',
      "  const parts = dotted.split('.');",
      '  let node = root;',
      '  for (const part of parts) {',
      '    if (!Object.hasOwn(node, part)) node[part] = {};',
      '    node = node[part];',
      '  }',
      '  node.value = value;',
      '}',
    ),
    why: 'a level is made unless the object has it as its own: `__proto__` gets a fresh object',
  },
  {
    language: 'javascript',
    code: lines(
      'function copyPath(obj, path) {',
      '  const result = { ...obj };',
      '  let nested = result;',
      '  for (let i = 0; i < path.length; i++) {',
      '    const key = path[i];',
      '    nested[key] = { ...nested[key] };',
      '    nested = nested[key];',
      '  }',
      '  return result;',
      '}',
    ),
    why: 'every level replaced by a copy before the walk goes down into it',
  },
];

ruleTester(prototypePollution, { valid, invalid });
