import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { codeWithoutComments, LOOP_TYPES } from '../../nodes.js';
import { escapeRegExp } from '../../regex.js';
import { code, enclosingFunction, inTestCode, JS_LIKE, lineOf, loopAroundInFunction } from '../util.js';

/** A line that keeps the dangerous keys out: names them, or calls or reads something named for it. */
const GUARD =
  /__proto__|['"`](constructor|prototype)['"`]|\b\w*(?:unsafe|forbidden|blocked|denied|dangerous|safe|special|reserved|ConstructorOrProto|protoKey)\w*\s*(?:\(|\.has\(|\.includes\()|\bhasOwn(?:Property)?\b/i;

/** A fresh object or array, or a choice between them: what a path walk creates for a missing level. */
const FRESH = /^\(*\s*(?:\{\s*\}|\[\s*\]|Object\.create\([^)]*\)|new Object\(\))\s*\)*$/;

/**
 * Whether the write creates a level only where it is missing: `if (x[k] == null) x[k] = {}`,
 * `x[k] = x[k] || {}`, `x[k] ??= {}`. `__proto__` is never missing (every object inherits it), so the walk
 * that follows steps into `Object.prototype` instead of a fresh object.
 */
function createsIfMissing(write: Node, slot: string): boolean {
  const operator = write.childForFieldName('operator')?.text ?? '=';
  const right = write.childForFieldName('right');
  if (!right) return false;
  const value = codeWithoutComments(right).trim();
  const s = escapeRegExp(slot).replace(/\\\[/g, '\\[\\s*').replace(/\\\]/g, '\\s*\\]');
  const arms = value
    .replace(/^\(+|\)+$/g, '')
    .split(/\?|:/)
    .slice(1);
  const fresh = FRESH.test(value) || (arms.length >= 2 && arms.every((a) => FRESH.test(a.trim())));
  if ((operator === '||=' || operator === '??=') && fresh) return true;
  if (new RegExp(`^\\(*\\s*${s}\\s*(?:\\|\\||\\?\\?)`).test(value)) return true;
  if (!fresh) return false;
  // The `if` around it asks whether the level is missing.
  for (let p = write.parent; p && !LOOP_TYPES.has(p.type); p = p.parent) {
    if (p.type !== 'if_statement') continue;
    const condition = codeWithoutComments(p.childForFieldName('condition') ?? p);
    const absent = [
      `${s}\\s*={2,3}\\s*(?:undefined|null)\\b`,
      `\\b(?:undefined|null)\\s*={2,3}\\s*${s}`,
      `!\\s*${s}(?![\\w$.[])`,
      `typeof\\s+${s}\\s*={2,3}\\s*['"]undefined['"]`,
    ];
    if (new RegExp(absent.join('|')).test(condition)) return true;
  }
  return false;
}

/** The lines of `text`, each with its number, `first` being the number of its first line. */
const numbered = (text: string, first: number) =>
  text.split('\n').map((t, i) => ({ line: first + i, text: t }));

/** Whether a line of `text` mentions `key` and keeps the dangerous keys out. */
function guardLine(text: string, first: number, key: string): number | undefined {
  const mentions = new RegExp(`(?<![\\w.$])${escapeRegExp(key)}(?![\\w$])`);
  return numbered(text, first).find((l) => mentions.test(l.text) && GUARD.test(l.text))?.line;
}

/**
 * A write `obj[key] = …` inside a loop that walks down into `obj` (`obj = obj[key]`), a key path
 * (`a.b.c`) turned into nested objects, with nothing in the loop that keeps `key` from being `__proto__`,
 * `constructor` or `prototype`: `a.__proto__.polluted` then writes to `Object.prototype` (CWE-1321).
 */
export const prototypePollution: Rule = {
  meta: {
    id: 'security/prototype-pollution',
    type: 'security',
    severity: 'high',
    languages: JS_LIKE,
    docs: {
      description:
        'A property written by a key from a key path while walking down into nested objects, with no check in the loop that the key is not `__proto__`, `constructor` or `prototype`: a path such as `a.__proto__.x` writes to `Object.prototype`, which every object inherits.',
      cwe: 'CWE-1321',
      examples: [
        {
          language: 'javascript',
          bad: "function setPath(obj, path, value) {\n  const keys = path.split('.');\n  let cur = obj;\n  for (let i = 0; i < keys.length - 1; i++) {\n    const key = keys[i];\n    if (cur[key] === undefined) cur[key] = {};\n    cur = cur[key];\n  }\n  cur[keys[keys.length - 1]] = value;\n}\n",
          good: "const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);\n\nfunction setPath(obj, path, value) {\n  const keys = path.split('.');\n  let cur = obj;\n  for (let i = 0; i < keys.length - 1; i++) {\n    const key = keys[i];\n    if (UNSAFE_KEYS.has(key)) throw new Error('unsafe key: ' + key);\n    if (cur[key] === undefined) cur[key] = {};\n    cur = cur[key];\n  }\n  cur[keys[keys.length - 1]] = value;\n}\n",
        },
      ],
    },
    messages: {
      pollutes:
        'CWE-1321: {{write}} on line {{line}} creates the level named by {{key}} only when it is missing, and the loop on line {{loop}} then walks down into it ({{descent}}); nothing in the loop keeps {{key}} from being `__proto__`{{before}}. `__proto__` is never missing (every object inherits it), so for a key path such as `a.__proto__.polluted` the walk steps into `Object.prototype`, and the next write lands there, where every object sees it. Check every key inside the loop (reject or skip `__proto__`, `constructor` and `prototype`), or test for the level with `Object.hasOwn`.',
    },
  },
  create(context) {
    const visit = (node: Node) => {
      const left = node.childForFieldName('left');
      if (left?.type !== 'subscript_expression') return;
      const target = left.childForFieldName('object');
      const index = left.childForFieldName('index');
      if (target?.type !== 'identifier' || index?.type !== 'identifier') return;
      const fn = enclosingFunction(node);
      const loop = loopAroundInFunction(node);
      if (!loop || inTestCode(context.facts, lineOf(node))) return;
      const x = escapeRegExp(target.text);
      const loopText = codeWithoutComments(loop);
      const first = loop.startPosition.row + 1;
      const key = index.text;
      // Names in capitals are constants the code chose (`obj[ATTR_KEY]`), not keys from a path.
      if (/^[A-Z][A-Z0-9_]*$/.test(key)) return;
      // The walk down by the same key: `cur = cur[key]` (also `cur = cur[key] = cur[key] || {}`).
      const descent = new RegExp(`(?<![\\w.$])${x}\\s*=\\s*${x}\\s*\\[\\s*${escapeRegExp(key)}\\s*\\]`).exec(
        loopText,
      );
      if (!descent) return;
      if (!createsIfMissing(node, `${target.text}[${key}]`)) return;
      if (guardLine(loopText, first, key) !== undefined) return;
      // A key set before the loop and never again in it is checked where it was set.
      const k = escapeRegExp(key);
      const header = loopText.slice(0, Math.max(0, loopText.indexOf('{')));
      const setInLoop =
        new RegExp(`(?<![\\w.$])${k}\\s*(?:=(?!=)|\\+\\+|--)`).test(loopText) ||
        new RegExp(`\\b(?:const|let|var)\\s+${k}\\b|\\(\\s*(?:const|let|var)?\\s*${k}\\s+(?:of|in)\\b`).test(
          header,
        );
      const fnText = fn ? codeWithoutComments(fn) : context.code;
      const fnFirst = fn ? fn.startPosition.row + 1 : 1;
      const beforeText = fnText.slice(0, Math.max(0, loop.startIndex - (fn?.startIndex ?? 0)));
      const earlier = guardLine(beforeText, fnFirst, key);
      if (!setInLoop && earlier !== undefined) return;
      const descentLine = first + loopText.slice(0, descent.index).split('\n').length - 1;
      context.report({
        node,
        messageId: 'pollutes',
        data: {
          write: code(`${left.text} = …`, 50),
          line: lineOf(node),
          key: code(key),
          loop: first,
          target: code(target.text),
          descent: `${code(descent[0], 50)}, line ${descentLine}`,
          before:
            earlier !== undefined
              ? ` (the check on line ${earlier} sees only its value before the loop, which sets it again)`
              : '',
        },
      });
    };
    return { assignment_expression: visit, augmented_assignment_expression: visit };
  },
};
