/**
 * Per-function metrics for C# (tree-sitter-c-sharp).
 *
 * Cyclomatic (lizard's C# CCN): +1 for `if` (so `else if`), `for`,
 * `foreach`, `while`, `do … while`, `catch`, each `case` label of a switch
 * statement (`default` adds nothing), `?:`, `&&`, `||`, `??` and `??=`, and
 * each null-conditional access (`a?.b`, `a?[i]`). The arms of a switch
 * expression add nothing: neither lizard nor Roslyn's code metrics (which
 * counts case clauses, not switch-expression arms) counts them. Differences
 * from lizard, on purpose: `foreach` counts (lizard skips it; Roslyn counts
 * every loop), nullable types (`int?`) do not (lizard counts their `?` inside
 * method bodies).
 *
 * Cognitive (whitepaper): +1+nesting for `if`, loops, `switch` statements and
 * expressions, `catch` and `?:`; +1 for `else if`, `else` and `goto`; +1 per
 * run of like `&&` / `||`. `??` and `?.` add nothing (the whitepaper exempts
 * null-coalescing). Loops, switches and `?:` nest everything inside them, an
 * `if` its branches, a `catch` its body.
 *
 * Units: classes, structs, interfaces, records and enums (class units);
 * methods, constructors (named after the class), destructors (`~Stack`),
 * operators (`operator +`), local functions; property, indexer (`this[]`)
 * and event accessors with a body, and expression-bodied properties, named
 * after the property (`Stack.Count`, kind getter or setter). Lambdas and
 * anonymous methods belong to the member around them, as in lizard and
 * Roslyn's code metrics: their decisions count in it and their code sits one
 * cognitive nesting level deeper (Sonar's view). Only one with no member
 * around it (a field initializer, a top-level statement) is a unit of its own
 * (`<lambda assigned to Pick>`). Recursion: `f(…)` and `this.f(…)` reach the
 * methods named `f` beside the caller.
 *
 * Halstead: operands are names, literals (a string is one, interpolated
 * strings too, with the code in their braces counted as code) and predefined
 * type names; operators are keywords and operator symbols, call parentheses
 * as `()`, element access as `[]`, `?:` as one. Other brackets, `,`, `;`,
 * `:`, generic `<>` and the `?` of nullable types are punctuation.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { LanguageMetrics } from '../model.js';
import { languageMetrics, type LanguageDefinition } from '../common/measure.js';
import { standIn, type AnonymousContext } from '../common/naming.js';
import type { CallRef, Frame, Increment, UnitStart } from '../common/scan.js';
import { CSHARP_LAMBDAS } from './folded.js';
import {
  inDirective,
  interpolated,
  memberLabel,
  operatorKeys,
  parentIs,
  recursionByName,
  type Tier2Rules,
} from './kit.js';

const LOGICAL = new Set(['&&', '||']);
const SIMPLE_DECISIONS = new Set([
  'if_statement',
  'for_statement',
  'foreach_statement',
  'while_statement',
  'do_statement',
  'catch_clause',
  'conditional_expression',
  'conditional_access_expression',
  'preproc_if',
  'preproc_elif',
]);
const NESTING_ALL = new Set([
  'for_statement',
  'foreach_statement',
  'while_statement',
  'do_statement',
  'switch_statement',
  'switch_expression',
  'conditional_expression',
]);
const TYPES = new Set([
  'class_declaration',
  'struct_declaration',
  'interface_declaration',
  'record_declaration',
  'record_struct_declaration',
  'enum_declaration',
]);
const CALLS = new Set([
  'invocation_expression',
  'object_creation_expression',
  'implicit_object_creation_expression',
]);
const TYPE_BRACKETS = new Set(['type_argument_list', 'type_parameter_list']);

function operatorOf(node: Node): string | undefined {
  return node.childForFieldName('operator')?.type;
}

function decisions(frame: Frame): number {
  const type = frame.type;
  if (SIMPLE_DECISIONS.has(type)) return 1;
  switch (type) {
    case 'binary_expression': {
      const operator = operatorOf(frame.node);
      if (operator === undefined || inDirective(frame.node)) return 0;
      return LOGICAL.has(operator) || operator === '??' ? 1 : 0;
    }
    case 'assignment_expression':
      return operatorOf(frame.node) === '??=' ? 1 : 0;
    case 'case':
      return parentIs(frame, 'switch_section') ? 1 : 0;
    default:
      return 0;
  }
}

function isElse(frame: Frame): boolean {
  return frame.field === 'alternative' && frame.parent?.type === 'if_statement';
}

function increment(frame: Frame): Increment {
  const type = frame.type;
  if (type === 'if_statement') return isElse(frame) ? 'flat' : 'nesting';
  if (isElse(frame) || type === 'goto_statement') return 'flat';
  return NESTING_ALL.has(type) || type === 'catch_clause' ? 'nesting' : null;
}

function nestsChild(frame: Frame, childType: string, field: string | null): boolean {
  const type = frame.type;
  if (type === 'if_statement') {
    return field === 'consequence' || (field === 'alternative' && childType !== 'if_statement');
  }
  if (type === 'catch_clause') return field === 'body';
  return NESTING_ALL.has(type);
}

function logicalOperator(node: Node, type: string): string | null {
  if (type !== 'binary_expression') return null;
  const operator = operatorOf(node);
  return operator !== undefined && LOGICAL.has(operator) && !inDirective(node) ? operator : null;
}

/** `f(…)`, `f<T>(…)` and `this.f(…)`. */
function call(frame: Frame): CallRef | null {
  if (frame.type !== 'invocation_expression') return null;
  const callee = frame.node.childForFieldName('function');
  const args = frame.node.childForFieldName('arguments')?.namedChildCount ?? 0;
  const nameOf = (node: Node | null): string | null =>
    node?.type === 'identifier'
      ? node.text
      : node?.type === 'generic_name'
        ? (node.namedChild(0)?.text ?? null)
        : null;
  if (callee?.type === 'member_access_expression') {
    const object = callee.childForFieldName('expression');
    const name = nameOf(callee.childForFieldName('name'));
    return object?.type === 'this' && name ? { name, receiver: 'this', args } : null;
  }
  const name = nameOf(callee);
  return name ? { name, receiver: null, args } : null;
}

function nameOf(node: Node | null, fallback: string): string {
  return node?.childForFieldName('name')?.text ?? fallback;
}

function accessorStart(frame: Frame): UnitStart | null {
  const node = frame.node;
  if (!node.childForFieldName('body')) return null;
  const owner = frame.parent?.parent?.node ?? null;
  const property = owner?.type === 'indexer_declaration' ? 'this[]' : nameOf(owner, '<property>');
  const keyword = node.childForFieldName('name')?.text ?? node.child(0)?.text;
  if (keyword === 'get') return { kind: 'getter', name: property, receiver: 'this' };
  if (keyword === 'set' || keyword === 'init') return { kind: 'setter', name: property, receiver: 'this' };
  return { kind: 'method', name: property, receiver: 'this' };
}

function lambdaContext(frame: Frame): AnonymousContext {
  let outer = frame.parent;
  if (outer?.type === 'argument') outer = outer.parent;
  if (outer?.type === 'argument_list') {
    const invocation = outer.parent?.node;
    const callee = invocation?.childForFieldName('function');
    if (invocation?.type === 'invocation_expression' && callee) {
      if (callee.type === 'member_access_expression') {
        const name = callee.childForFieldName('name')?.text ?? '';
        return { call: memberLabel(callee.childForFieldName('expression'), name) };
      }
      return { call: callee.text };
    }
    if (invocation?.type === 'object_creation_expression') {
      return { call: `new ${invocation.childForFieldName('type')?.text ?? ''}` };
    }
  }
  if (outer?.type === 'variable_declarator') return { assigned: nameOf(outer.node, '') || null };
  if (outer?.type === 'assignment_expression' && frame.field === 'right') {
    return { assigned: outer.node.childForFieldName('left')?.text ?? null };
  }
  return {};
}

/**
 * How many arguments reach a method: its parameters, fewer for those with a
 * default value, any number more with `params`. An overload taking another
 * number is another method, so a call to it is no recursion.
 */
function arityOf(node: Node): { min: number; max: number } {
  let min = 0;
  let max = 0;
  let variadic = false;
  for (const child of node.childForFieldName('parameters')?.children ?? []) {
    if (child.type === 'params') variadic = true;
    if (child.type !== 'parameter') continue;
    max++;
    if (!child.children.some((c) => c.type === '=')) min++;
  }
  return { min, max: variadic ? Number.POSITIVE_INFINITY : max };
}

function csharpUnitStart(frame: Frame, scope: string): UnitStart | null {
  const node = frame.node;
  const type = frame.type;
  if (TYPES.has(type)) return { kind: 'class', name: nameOf(node, '<type>') };
  if (CSHARP_LAMBDAS.has(type)) {
    return {
      kind: 'lambda',
      name: null,
      label: standIn('lambda', lambdaContext(frame), scope),
      folded: true,
    };
  }
  switch (type) {
    case 'method_declaration':
    case 'local_function_statement':
      if (!node.childForFieldName('body')) return null;
      return {
        kind: type === 'method_declaration' ? 'method' : 'function',
        name: nameOf(node, '<method>'),
        receiver: 'this',
        arity: arityOf(node),
      };
    case 'constructor_declaration':
      return node.childForFieldName('body')
        ? { kind: 'constructor', name: nameOf(node, '<init>'), receiver: 'this' }
        : null;
    case 'destructor_declaration':
      return { kind: 'method', name: `~${nameOf(node, '')}`, receiver: 'this' };
    case 'operator_declaration':
    case 'conversion_operator_declaration': {
      if (!node.childForFieldName('body')) return null;
      const symbol = node.childForFieldName('operator')?.text ?? node.childForFieldName('type')?.text ?? '';
      return { kind: 'method', name: `operator ${symbol}`.trim(), receiver: 'this' };
    }
    case 'accessor_declaration':
      return accessorStart(frame);
    case 'arrow_expression_clause': {
      const owner = frame.parent;
      if (owner?.type === 'property_declaration')
        return { kind: 'getter', name: nameOf(owner.node, '<property>') };
      if (owner?.type === 'indexer_declaration') return { kind: 'getter', name: 'this[]' };
      return null;
    }
    default:
      return null;
  }
}

export const csharpRules: Tier2Rules = {
  comments: new Set(['comment']),
  literals: new Set([
    'string_literal',
    'verbatim_string_literal',
    'raw_string_literal',
    'character_literal',
    'interpolated_string_expression',
  ]),
  unitStart: csharpUnitStart,
  decisions,
  increment,
  nestsChild,
  logicalOperator,
  sequenceLink: (node, type) =>
    type === 'parenthesized_expression' ? 'group' : logicalOperator(node, type) === null ? null : 'binary',
  interpolations: (node) =>
    node.type === 'interpolated_string_expression'
      ? interpolated(node, (child, parent) => {
          if (child.type === 'interpolation') return 'descend';
          const isCode =
            parent.type === 'interpolation' &&
            ![
              'interpolation_brace',
              'interpolation_format_clause',
              'interpolation_alignment_clause',
            ].includes(child.type);
          return isCode ? 'code' : 'skip';
        })
      : [],
  operatorKey: operatorKeys({
    callParen: (frame) => parentIs(frame, 'argument_list') && CALLS.has(frame.parent?.parent?.type ?? ''),
    indexBracket: (frame) => parentIs(frame, 'bracketed_argument_list'),
    special: (frame, text) => {
      if (text === '?') {
        if (parentIs(frame, 'conditional_expression')) return '?:';
        return parentIs(frame, 'nullable_type') ? null : '?';
      }
      if ((text === '<' || text === '>') && parentIs(frame, TYPE_BRACKETS)) return null;
      return undefined;
    },
  }),
  call,
};

export const csharpDefinition: LanguageDefinition = {
  rules: csharpRules,
  recursion: recursionByName(new Set(['this'])),
};

export const csharpMetrics: LanguageMetrics = languageMetrics(csharpDefinition);
