/**
 * Tier-2 grammars share naming conventions (languages/conventions.ts finds
 * their steps by name), but loops, jumps and parameter lists differ in shape from grammar to
 * grammar. This module reads those shapes, so the walkthrough says "loops
 * over `items`" for a for-each loop in any of them, and names parameters
 * instead of guessing.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { LoopShape } from '../languages/model.js';
import type { StepKind } from './model.js';

/** Node types that are for-each loops whatever their tokens. */
const FOR_EACH = new Set([
  'for_range_loop',
  'foreach_statement',
  'for_expression',
  'for_in_statement',
  'for',
]);
/** Tokens that introduce a loop's collection: `for x in xs`, `foreach ($xs as $x)`, `for (x : xs)`. */
const COLLECTION_TOKENS = new Set(['in', ':']);

function token(node: Node, text: string): Node | undefined {
  return node.children.find((c) => !c.named && c.type === text);
}

function isBody(node: Node): boolean {
  return (
    node.field === 'body' ||
    /(^|_)(block|statements|do_group|compound_statement|control_structure_body|body_statement)$/.test(
      node.type,
    )
  );
}

/** The named child right after the first of `tokens`, if any. */
function after(node: Node, tokens: ReadonlySet<string>): Node | undefined {
  let seen = false;
  for (const child of node.children) {
    if (seen && child.named && !child.type.includes('comment')) return child;
    if (!child.named && tokens.has(child.type)) seen = true;
  }
  return undefined;
}

/** What kind of loop a tier-2 loop node is, and what it iterates over or tests. */
export function tier2Loop(node: Node): LoopShape {
  if (node.type === 'loop_expression') return { detail: 'loop', subject: undefined };
  const forEach =
    FOR_EACH.has(node.type) ||
    (/^for_/.test(node.type) && token(node, 'in') !== undefined) ||
    token(node, 'as');
  if (forEach) {
    // PHP: `foreach ($items as $item)` — the collection comes before `as`.
    const collection = token(node, 'as')
      ? node.namedChildren.find((c) => !c.type.includes('comment'))
      : (node.childForFieldName('right') ??
        node.childForFieldName('value') ??
        node.childForFieldName('collection') ??
        after(node, COLLECTION_TOKENS));
    // Ruby wraps it: `value: (in "in" xs)`.
    const inner = collection?.type === 'in' ? collection.namedChildren[0] : collection;
    return { detail: 'for-each', subject: inner };
  }
  const condition =
    node.childForFieldName('condition') ??
    (/while|until/.test(node.type)
      ? node.namedChildren.find((c) => !isBody(c) && !c.type.includes('comment'))
      : undefined);
  if (/^(do|repeat)/.test(node.type)) return { detail: 'do-while', subject: condition };
  if (/while|until/.test(node.type)) return { detail: 'while', subject: condition };
  // A C-style `for (init; cond; update)` with no condition runs until something breaks out.
  return condition ? { detail: 'for', subject: condition } : { detail: 'loop', subject: undefined };
}

/**
 * Swift's `control_transfer_statement` and Kotlin's `jump_expression` cover
 * return, throw, break and continue; the keyword says which.
 */
export function jumpKind(node: Node): StepKind | undefined {
  const keyword = node.children.find((c) => !c.named)?.type;
  if (keyword === 'return' || keyword === 'return@') return 'return';
  if (keyword === 'throw') return 'throw';
  return undefined;
}

export const JUMP_TYPES: ReadonlySet<string> = new Set(['control_transfer_statement', 'jump_expression']);

/** The node holding a unit's parameters, or undefined when the grammar's shape is not known. */
export function parameterList(unit: Node): Node | undefined {
  let node: Node | null = unit;
  // C and C++ keep them in the declarator: `int (*f)(int a)` nests several.
  for (let depth = 0; node && depth < 5; depth++) {
    const list =
      node.childForFieldName('parameters') ??
      node.children.find((c) =>
        /^(parameter_list|formal_parameters|function_value_parameters|method_parameters|lambda_parameters|parameters|block_parameters|class_parameters)$/.test(
          c.type,
        ),
      );
    if (list) return list;
    node = node.childForFieldName('declarator');
  }
  return undefined;
}

// Kotlin's lambda parameters (`{ attempt -> … }`) are variable declarations in the lambda's parameter list.
const PARAMETER =
  /(^|_)parameter(_declaration)?$|^(simple|variadic|property_promotion|optional|keyword|splat|hash_splat|block)_parameter$|^variable_declaration$/;

/** Whether `node`, a child of a parameter list, declares a parameter. */
export function isParameter(node: Node): boolean {
  return node.named && (PARAMETER.test(node.type) || node.type === 'identifier');
}

/** The declared name of a parameter node. */
export function parameterName(node: Node): string | undefined {
  if (node.type === 'identifier' || node.type === 'simple_identifier') return node.text;
  const named = node.childForFieldName('name') ?? node.childForFieldName('pattern');
  if (named && /identifier|variable_name|name/.test(named.type)) return named.text;
  // C/C++: the name sits inside the declarator (`*p`, `&r`, `a[]`).
  let declarator = node.childForFieldName('declarator');
  for (let depth = 0; declarator && depth < 5; depth++) {
    if (declarator.type === 'identifier') return declarator.text;
    // A function pointer's name is inside its parentheses: `(*callback)(void *, int)`.
    declarator =
      declarator.childForFieldName('declarator') ??
      declarator.namedChildren.find((c) => c.type === 'identifier') ??
      declarator.namedChildren.find((c) => c.type.endsWith('_declarator')) ??
      null;
  }
  const id = node.namedChildren.find((c) => /^(identifier|simple_identifier|variable_name)$/.test(c.type));
  return id?.text;
}
