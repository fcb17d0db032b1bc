import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { code, contains, enclosingLoop, lineOf, unwrap } from '../util.js';

interface Binding {
  readonly node: Node;
  readonly string: boolean;
}

function single(node: Node | null): Node | undefined {
  if (!node) return undefined;
  if (node.type === 'expression_list')
    return node.namedChildCount === 1 ? (node.namedChild(0) ?? undefined) : undefined;
  return node;
}

/** A string literal (interpolated or not); Python bytes literals are not strings. */
function isStringLiteral(node: Node | null | undefined): boolean {
  if (!node) return false;
  const n = unwrap(node);
  if (n.type === 'string') return !/b/i.test(n.firstChild?.type === 'string_start' ? n.firstChild.text : '');
  return ['string_literal', 'interpreted_string_literal', 'raw_string_literal', 'text_block'].includes(
    n.type,
  );
}

/** The leftmost operand of a chain of `+`: `s` in `s + a + b`. */
function leftmostOfSum(node: Node): Node {
  let n = unwrap(node);
  while (
    (n.type === 'binary_operator' || n.type === 'binary_expression') &&
    n.childForFieldName('operator')?.text === '+'
  ) {
    const left = n.childForFieldName('left');
    if (!left) break;
    n = unwrap(left);
  }
  return n;
}

/** `s = s + x + …` appends to s (and, in Python, keeps whatever s was). */
function selfAppend(node: Node): boolean {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  return !!left && !!right && right.id !== leftmostOfSum(right).id && leftmostOfSum(right).text === left.text;
}

/** The bindings of names a node makes, and whether each certainly holds a string. */
function bindingsOf(language: LanguageId, node: Node): { name: string; binding: Binding }[] {
  const out: { name: string; binding: Binding }[] = [];
  const add = (name: Node | null | undefined, string: boolean) => {
    if (name?.type === 'identifier') out.push({ name: name.text, binding: { node, string } });
  };
  switch (language) {
    case 'java':
      if (node.type === 'local_variable_declaration' || node.type === 'field_declaration') {
        const type = node.childForFieldName('type')?.text ?? '';
        for (const d of node.childrenForFieldName('declarator')) {
          const fromValue = type === 'var' && isStringLiteral(d?.childForFieldName('value'));
          add(d?.childForFieldName('name'), /^(java\.lang\.)?String$/.test(type) || fromValue);
        }
      } else {
        add(
          node.childForFieldName('name'),
          /^(java\.lang\.)?String$/.test(node.childForFieldName('type')?.text ?? ''),
        );
      }
      break;
    case 'python':
      if (node.type === 'assignment') {
        if (selfAppend(node)) break;
        const type = node.childForFieldName('type')?.text;
        add(
          node.childForFieldName('left'),
          type === 'str' || (type === undefined && isStringLiteral(node.childForFieldName('right'))),
        );
      } else if (node.type === 'parameters' || node.type === 'lambda_parameters') {
        for (const p of node.namedChildren) if (p?.type === 'identifier') add(p, false);
      } else if (node.type === 'typed_parameter' || node.type === 'typed_default_parameter') {
        add(
          node.childForFieldName('name') ?? node.namedChild(0),
          node.childForFieldName('type')?.text === 'str',
        );
      } else if (node.type === 'default_parameter') {
        add(node.childForFieldName('name'), false);
      } else if (node.type === 'for_statement' || node.type === 'for_in_clause') {
        for (const id of node.childForFieldName('left')?.descendantsOfType('identifier') ?? [])
          add(id, false);
      }
      break;
    case 'go':
      if (node.type === 'var_spec') {
        const type = node.childForFieldName('type')?.text;
        const value = single(node.childForFieldName('value'));
        for (const name of node.childrenForFieldName('name'))
          add(name, type === 'string' || (type === undefined && isStringLiteral(value)));
      } else if (node.type === 'short_var_declaration') {
        const left = node.childForFieldName('left');
        const value = single(node.childForFieldName('right'));
        const names = left?.namedChildren ?? [];
        for (const name of names) add(name, names.length === 1 && isStringLiteral(value));
      } else if (node.type === 'parameter_declaration') {
        const type = node.childForFieldName('type')?.text;
        for (const name of node.childrenForFieldName('name')) add(name, type === 'string');
      } else if (node.type === 'range_clause') {
        for (const name of node.childForFieldName('left')?.namedChildren ?? []) add(name, false);
      }
      break;
  }
  return out;
}

const BINDING_TYPES: Partial<Record<LanguageId, readonly string[]>> = {
  java: [
    'local_variable_declaration',
    'field_declaration',
    'formal_parameter',
    'catch_formal_parameter',
    'enhanced_for_statement',
    'spread_parameter',
  ],
  python: [
    'assignment',
    'parameters',
    'lambda_parameters',
    'typed_parameter',
    'typed_default_parameter',
    'default_parameter',
    'for_statement',
    'for_in_clause',
  ],
  go: ['var_spec', 'short_var_declaration', 'parameter_declaration', 'range_clause'],
};

const UPDATES: Partial<Record<LanguageId, readonly string[]>> = {
  java: ['assignment_expression'],
  python: ['augmented_assignment', 'assignment'],
  go: ['assignment_statement'],
};

const FIX: Partial<Record<LanguageId, string>> = {
  java: `each append copies the whole String into a new one, so building it this way takes time that grows with the square of its final length. Append to a StringBuilder created before the loop and call toString() once after it (or collect the parts and use String.join).`,
  python: `each append can copy the whole str (CPython sometimes extends it in place, but PEP 8 advises against relying on that), so the cost can grow with the square of the final length. Collect the pieces in a list and call ''.join() once after the loop.`,
  go: `Go strings are immutable, so each append copies the whole string and the cost grows with the square of its final length. Write the pieces to a strings.Builder declared before the loop and call its String() method once after it.`,
};

/** A string grown piece by piece inside a loop. */
export const stringConcatInLoop: Rule = {
  meta: {
    id: 'performance/string-concat-in-loop',
    type: 'performance',
    severity: 'low',
    languages: ['python', 'java', 'go'],
    docs: { description: 'A variable known to hold a string appended to with += inside a loop.' },
  },
  create(context) {
    const { language } = context;
    const bindings = new Map<string, Binding[]>();
    const updates: { node: Node; name: string; loop: Node }[] = [];
    const visitors: Record<string, (node: Node) => void> = {};
    const bind = (node: Node) => {
      for (const { name, binding } of bindingsOf(language, node)) {
        const list = bindings.get(name) ?? [];
        list.push(binding);
        bindings.set(name, list);
      }
    };
    for (const type of BINDING_TYPES[language] ?? []) visitors[type] = bind;
    const update = (node: Node) => {
      const left = single(node.childForFieldName('left'));
      const right = single(node.childForFieldName('right'));
      if (left?.type !== 'identifier' || !right) return;
      const op = node.childForFieldName('operator')?.text ?? '=';
      // `s += x`, or `s = s + x + …`.
      const appends = op === '+=' || (op === '=' && selfAppend(node));
      const loop = appends ? enclosingLoop(node) : undefined;
      if (loop) updates.push({ node, name: left.text, loop });
    };
    for (const type of UPDATES[language] ?? []) {
      const previous = visitors[type];
      visitors[type] = (node) => {
        previous?.(node);
        update(node);
      };
    }
    visitors['Program:exit'] = () => {
      const reported = new Set<string>();
      for (const { node, name, loop } of updates) {
        const found = bindings.get(name) ?? [];
        if (found.length === 0 || !found.every((b) => b.string)) continue;
        if (found.some((b) => contains(loop, b.node))) continue;
        // One report per variable and loop.
        const key = `${loop.id}:${name}`;
        if (reported.has(key)) continue;
        reported.add(key);
        context.report({
          node,
          message: `${code(node.text, 50)} on line ${lineOf(node)} appends to the string \`${name}\` (declared on line ${lineOf(found[0]!.node)}) on every iteration of the loop on line ${lineOf(loop)}; ${FIX[language]!}`,
        });
      }
    };
    return visitors;
  },
};
