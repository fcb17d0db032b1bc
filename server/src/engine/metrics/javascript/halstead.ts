/**
 * Halstead operators and operands as typhonjs-escomplex 0.1.0 counts them
 * (its ESTree/Babylon syntax definitions, run on a Babel AST), mapped onto
 * tree-sitter nodes:
 *
 * - operands: identifiers, property names (`a.b` → a, b; `{k: v}` → k, v),
 *   literals (strings as `"text"`, numbers by value, `true`, `null`, regexes
 *   as written), label names, the text chunks of template literals; a
 *   shorthand property (`{a}`) counts its name twice (key and value), as in
 *   Babel's AST;
 * - operators: every operator token (`=`, `+=`, `+`, `&&`, `instanceof`, …),
 *   unary/update operators with their position (`! (prefix)`, `++ (postfix)`),
 *   `.` and `[]` for member access, `()` for a call, `new`, `?:` (as `:?`),
 *   keywords of statements (`if`, `else`, `for`, `forin`, `forof`, `while`,
 *   `dowhile`, `switch`, `case`, `default`, `break`, `continue`, `return`,
 *   `throw`, `try`, `catch`, `finally`, `with`, `var`/`let`/`const`, `yield`,
 *   `class`, `extends`), `this`, `super`, `{}` and `[]` for object and array
 *   literals and patterns, one `,` between array elements, `:` for a
 *   non-shorthand property, `... (spread)`/`... (rest)`, and for templates
 *   `` `` `` plus one `${}` per substitution;
 * - not counted (escomplex has no definition for them): `await`, `async` on
 *   functions, BigInt literals, optional chains (`a?.b`, `f?.()` add no `.`
 *   or `()`), the call of a tagged template, default values in destructuring
 *   outside parameters, class fields' `=` and `static`, imports and export
 *   lists, JSX names and text; TypeScript types are left out entirely (our
 *   choice: they do not run; escomplex, on Babel's TypeScript AST, would
 *   count the identifiers in them as operands).
 *
 * A function's own counts cover its body; its head — `function`/`function*`/
 * `function=>` (and `get`/`set`/`static`/`async` of a class method), its name
 * and its parameters — counts for the code around it, like escomplex, which
 * files a function's head under the enclosing function. Parameters, `for`
 * heads and `extends` clauses are counted the way escomplex's AST generator
 * does (defaults add `=`, calls add no `()`, templates add nothing).
 *
 * Where escomplex has no function scope (object-literal methods, `#private`
 * methods, functions in parameter defaults) and counts the body for the
 * enclosing function, we still give the method its own unit and keep its body
 * out of the enclosing function. String operands use the text between the
 * quotes where escomplex uses the cooked value (`"\x41"` vs `"A"`), which only
 * matters when both spellings meet in one function.
 */
import type { HalsteadCounts } from '../model.js';
import { fieldChild, estreeParent, type SyntaxNode, type SyntaxTree } from './tree.js';
import { FUNCTION_OWN_FIELDS, hasOptionalChain } from './syntax.js';
import { ScopedTally } from './tally.js';
import type { UnitTable } from './units.js';

export interface HalsteadResult {
  /** Per unit candidate: functions their body (escomplex's view), classes the whole class. */
  readonly perUnit: readonly HalsteadCounts[];
  readonly total: HalsteadCounts;
}

const NONE = -1;

interface Context {
  readonly skipped: boolean;
  /** The function whose body the node is in, or NONE at the top level. */
  readonly owner: number;
  /** A field initializer / static block the node is in (outside nested functions), or NONE. */
  readonly implicit: number;
  /** The innermost class the node is in, or NONE. */
  readonly cls: number;
  /** Counting like escomplex's AST generator (parameters, `for` heads, `extends`). */
  readonly generated: boolean;
  /** A name escomplex does not count (JSX tag and attribute names): emit nothing here. */
  readonly silent: boolean;
}

const ROOT: Context = {
  skipped: false,
  owner: NONE,
  implicit: NONE,
  cls: NONE,
  generated: false,
  silent: false,
};
const SKIP: Context = { ...ROOT, skipped: true };

const JSX_ELEMENTS = new Set(['jsx_opening_element', 'jsx_closing_element', 'jsx_self_closing_element']);

function childContext(table: UnitTable, parent: SyntaxNode, context: Context, child: SyntaxNode): Context {
  if (context.skipped || table.ignored[child.id] === 1) return SKIP;
  const unit = table.byNode.get(parent.id);
  if (unit) {
    const role = unit.role;
    if (role === 'function' && child.field !== null && FUNCTION_OWN_FIELDS.has(child.field)) {
      if (child.field === 'parameters' || child.field === 'parameter') return { ...context, generated: true };
      return { ...context, owner: unit.index, implicit: NONE, generated: false };
    }
    if (role === 'class') return { ...context, cls: unit.index, generated: child.type === 'class_heritage' };
    if (
      (role === 'initializer' && child.field === 'value') ||
      (role === 'static-block' && child.field === 'body')
    ) {
      return { ...context, implicit: unit.index };
    }
  }
  switch (parent.type) {
    case 'import_statement':
      return SKIP;
    case 'export_statement':
      // escomplex leaves export lists and sources out; declarations and values count.
      return child.type === 'export_clause' || child.field === 'source' || child.type === 'namespace_export'
        ? SKIP
        : context;
    case 'for_statement':
      return child.field === 'initializer' || child.field === 'condition' || child.field === 'increment'
        ? { ...context, generated: true }
        : context;
    case 'for_in_statement':
      return child.field === 'left' || child.field === 'right' ? { ...context, generated: true } : context;
    case 'jsx_attribute':
      return child === parent.children[0] ? { ...context, silent: true } : context;
    default:
      if (JSX_ELEMENTS.has(parent.type) && child.field === 'name') return { ...context, silent: true };
      // Code inside `{…}` counts again even within a silenced name (rare, but possible in errors).
      return context.silent && child.type === 'jsx_expression' ? { ...context, silent: false } : context;
  }
}

/** Tally scope of the whole snippet; unit `i` is scope `i + 1`. */
const SNIPPET = 0;

export function countHalstead(tree: SyntaxTree, table: UnitTable): HalsteadResult {
  const tally = new ScopedTally(table.units.length + 1);
  const outerClass = new Int32Array(table.units.length).fill(NONE);
  const contexts: Context[] = new Array<Context>(tree.nodes.length);
  const emitter = new Emitter(tree, table, optionalChains(tree));

  for (const node of tree.nodes) {
    const parent = node.parent;
    const context = parent ? childContext(table, parent, contexts[parent.id] ?? SKIP, node) : ROOT;
    contexts[node.id] = context;
    if (context.skipped || context.silent) continue;
    const items = emitter.items(node, context);
    if (items.length === 0) continue;
    const unit = table.byNode.get(node.id);
    const ownClass = unit?.role === 'class' ? unit.index : NONE;
    if (ownClass !== NONE) outerClass[ownClass] = context.cls;
    // The snippet, then the function body, field initializer or static block, enclosing class
    // and the class itself the node is in (NONE, -1, maps to scope 0 and is left out).
    const { owner, implicit, cls } = context;
    for (const [kind, name] of items) {
      const id = tally.id(kind, name);
      tally.add(SNIPPET, kind, id);
      if (owner !== NONE) tally.add(owner + 1, kind, id);
      if (implicit !== NONE) tally.add(implicit + 1, kind, id);
      if (cls !== NONE) tally.add(cls + 1, kind, id);
      if (ownClass !== NONE) tally.add(ownClass + 1, kind, id);
    }
  }
  // A class counts everything inside it, inner classes included: fold inner into outer.
  for (let i = table.units.length - 1; i >= 0; i--) {
    const unit = table.units[i];
    const outer = outerClass[i] ?? NONE;
    if (unit?.role === 'class' && outer !== NONE) tally.fold(outer + 1, i + 1);
  }
  const [total, ...perUnit] = tally.counts();
  return { perUnit, total: total ?? { n1: 0, n2: 0, N1: 0, N2: 0 } };
}

type Item = readonly ['operator' | 'operand', string];

const NOTHING: readonly Item[] = Object.freeze([]);

/** Every node type `Emitter.items` has a case for; other nodes contribute nothing. */
const EMITTING = new Set([
  'identifier',
  'property_identifier',
  'statement_identifier',
  'undefined',
  'shorthand_property_identifier',
  'shorthand_property_identifier_pattern',
  'private_property_identifier',
  'type_identifier',
  'true',
  'false',
  'null',
  'number',
  'string',
  'regex',
  'template_string',
  'meta_property',
  'this',
  'super',
  'array',
  'array_pattern',
  'object',
  'object_pattern',
  'pair',
  'pair_pattern',
  'spread_element',
  'rest_pattern',
  'assignment_expression',
  'augmented_assignment_expression',
  'binary_expression',
  'unary_expression',
  'update_expression',
  'ternary_expression',
  'call_expression',
  'new_expression',
  'member_expression',
  'subscript_expression',
  'variable_declaration',
  'lexical_declaration',
  'variable_declarator',
  'assignment_pattern',
  'object_assignment_pattern',
  'required_parameter',
  'optional_parameter',
  'if_statement',
  'for_statement',
  'for_in_statement',
  'while_statement',
  'do_statement',
  'switch_statement',
  'switch_case',
  'switch_default',
  'break_statement',
  'continue_statement',
  'return_statement',
  'throw_statement',
  'try_statement',
  'catch_clause',
  'with_statement',
  'yield_expression',
  'class_declaration',
  'abstract_class_declaration',
  'class',
  'class_heritage',
  'extends_clause',
]);

const op = (name: string): Item => ['operator', name];
const operand = (name: string): Item => ['operand', name];

/** What one node contributes, by escomplex's rules. */
class Emitter {
  readonly #tree: SyntaxTree;
  readonly #table: UnitTable;
  readonly #optional: Uint8Array;

  constructor(tree: SyntaxTree, table: UnitTable, optional: Uint8Array) {
    this.#tree = tree;
    this.#table = table;
    this.#optional = optional;
  }

  #text(node: SyntaxNode): string {
    return this.#tree.text(node);
  }

  items(node: SyntaxNode, context: Context): readonly Item[] {
    if (this.#table.byNode.get(node.id)?.role === 'function') return this.#functionHead(node);
    if (!EMITTING.has(node.type)) return NOTHING;
    const gen = context.generated;
    switch (node.type) {
      // Operands.
      case 'identifier':
      case 'property_identifier':
      case 'statement_identifier':
        return [operand(this.#text(node))];
      case 'undefined':
        return [operand('undefined')];
      case 'shorthand_property_identifier':
      case 'shorthand_property_identifier_pattern': {
        // Babel's shorthand property has a key and a value node; the AST generator prints it once.
        const name = operand(this.#text(node));
        return gen ? [name] : [name, name];
      }
      case 'private_property_identifier':
        return [operand(this.#text(node).slice(1))];
      case 'type_identifier':
        // Only a (TypeScript) class name reaches here; other types are skipped.
        return node.field === 'name' && node.parent && this.#isClassNode(node.parent)
          ? [operand(this.#text(node))]
          : NOTHING;
      case 'true':
      case 'false':
      case 'null':
        return [operand(node.type)];
      case 'number': {
        // Babel's BigIntLiteral has no escomplex definition: `10n` counts for nothing.
        const text = this.#text(node);
        return text.endsWith('n') ? NOTHING : [operand(numberOperand(text))];
      }
      case 'string': {
        const text = this.#text(node);
        return [operand(gen ? text : `"${text.slice(1, -1)}"`)];
      }
      case 'regex':
        return [operand(this.#text(node))];
      case 'template_string':
        return gen ? NOTHING : this.#template(node);
      case 'meta_property': {
        const first = node.children[0];
        const last = node.children[node.children.length - 1];
        return first && last ? [op('.'), operand(this.#text(first)), operand(this.#text(last))] : [op('.')];
      }

      // Operators.
      case 'this':
      case 'super':
        return [op(node.type)];
      case 'array':
      case 'array_pattern':
        return arrayOperators(node);
      case 'object':
      case 'object_pattern':
        return [op('{}')];
      case 'pair':
      case 'pair_pattern':
        return [op(':')];
      case 'spread_element':
        return [op('... (spread)')];
      case 'rest_pattern':
        return [op('... (rest)')];
      case 'assignment_expression':
        return [op('=')];
      case 'augmented_assignment_expression':
      case 'binary_expression': {
        const operator = fieldChild(node, 'operator');
        return operator ? [op(operator.type)] : NOTHING;
      }
      case 'unary_expression': {
        const operator = fieldChild(node, 'operator');
        return operator ? [op(`${operator.type} (prefix)`)] : NOTHING;
      }
      case 'update_expression': {
        const operator = fieldChild(node, 'operator');
        if (!operator) return NOTHING;
        return [op(`${operator.type} (${node.children[0] === operator ? 'pre' : 'post'}fix)`)];
      }
      case 'ternary_expression':
        return [op(':?')];
      case 'call_expression': {
        // Babel's OptionalCallExpression has no definition; a tagged template is no call to escomplex.
        if (gen || this.#isOptional(node) || fieldChild(node, 'arguments')?.type === 'template_string')
          return NOTHING;
        return [op('()')];
      }
      case 'new_expression':
        return [op('new')];
      case 'member_expression':
        return this.#isOptional(node) ? NOTHING : [op('.')];
      case 'subscript_expression':
        return this.#isOptional(node) ? NOTHING : [op('[]')];
      case 'variable_declaration':
        return [op('var')];
      case 'lexical_declaration': {
        const kind = fieldChild(node, 'kind');
        return [op(kind ? this.#text(kind) : 'let')];
      }
      case 'variable_declarator':
        return fieldChild(node, 'value') ? [op('=')] : NOTHING;
      case 'assignment_pattern':
      case 'object_assignment_pattern':
        // Babel's AssignmentPattern has no `operator`: only the AST generator (parameters) prints `=`.
        return gen ? [op('=')] : NOTHING;
      case 'required_parameter':
      case 'optional_parameter':
        return gen && fieldChild(node, 'value') ? [op('=')] : NOTHING;
      case 'if_statement':
        return fieldChild(node, 'alternative') ? [op('if'), op('else')] : [op('if')];
      case 'for_statement':
        return [op('for')];
      case 'for_in_statement': {
        const items = [op(fieldChild(node, 'operator')?.type === 'of' ? 'forof' : 'forin')];
        const kind = fieldChild(node, 'kind');
        if (kind) items.push(op(this.#text(kind)));
        return items;
      }
      case 'while_statement':
        return [op('while')];
      case 'do_statement':
        return [op('dowhile')];
      case 'switch_statement':
        return [op('switch')];
      case 'switch_case':
        return [op('case')];
      case 'switch_default':
        return [op('default')];
      case 'break_statement':
        return [op('break')];
      case 'continue_statement':
        return [op('continue')];
      case 'return_statement':
        return [op('return')];
      case 'throw_statement':
        return [op('throw')];
      case 'try_statement':
        return fieldChild(node, 'finalizer') ? [op('try'), op('finally')] : [op('try')];
      case 'catch_clause':
        return [op('catch')];
      case 'with_statement':
        return [op('with')];
      case 'yield_expression':
        return [op(node.children.some((c) => c.type === '*') ? 'yield*' : 'yield')];
      case 'class_declaration':
      case 'abstract_class_declaration':
      case 'class':
        return node.named ? [op('class')] : NOTHING;
      case 'class_heritage':
      case 'extends_clause':
        return node.children.some((c) => c.type === 'extends') ? [op('extends')] : NOTHING;
      default:
        return NOTHING;
    }
  }

  #isClassNode(node: SyntaxNode): boolean {
    return this.#table.byNode.get(node.id)?.role === 'class';
  }

  /** A member access or call inside an optional chain (Babel's Optional* nodes). */
  #isOptional(node: SyntaxNode): boolean {
    return this.#optional[node.id] === 1;
  }

  /** `function`/`function*`/`function=>`, and a method's `get`/`set`/`static`/`async`/`*`. */
  #functionHead(node: SyntaxNode): readonly Item[] {
    switch (node.type) {
      case 'arrow_function':
        // escomplex ignores an arrow that is a statement on its own.
        return estreeParent(node)?.type === 'expression_statement' ? NOTHING : [op('function=>')];
      case 'generator_function':
      case 'generator_function_declaration':
        return [op('function*')];
      case 'method_definition': {
        const inClass = node.parent?.type === 'class_body';
        const items: Item[] = [];
        for (const child of node.children) {
          if (child.type === 'get' || child.type === 'set') items.push(op(child.type));
          else if (inClass && (child.type === 'static' || child.type === 'async')) items.push(op(child.type));
          else if (inClass && child.type === '*') items.push(op('function*'));
        }
        return items;
      }
      default:
        return [op('function')];
    }
  }

  /** `` `` `` and one `${}` per substitution; each text chunk between substitutions is an operand. */
  #template(node: SyntaxNode): Item[] {
    const items: Item[] = [op('``')];
    let chunk = '';
    for (const child of node.children) {
      if (child.type === 'template_substitution') {
        items.push(op('${}'));
        if (chunk) items.push(operand(chunk));
        chunk = '';
      } else if (child.type === 'string_fragment' || child.type === 'escape_sequence') {
        chunk += this.#text(child);
      }
    }
    if (chunk) items.push(operand(chunk));
    return items;
  }
}

/**
 * Marks the members and calls that are part of an optional chain: `a?.b.c()`
 * is optional all along its object/function spine (Babel makes every link an
 * Optional* node); parentheses end a chain. Children come after their parent
 * in pre-order, so one backwards pass sees each spine bottom-up.
 */
function optionalChains(tree: SyntaxTree): Uint8Array {
  const optional = new Uint8Array(tree.nodes.length);
  for (let i = tree.nodes.length - 1; i >= 0; i--) {
    const node = tree.nodes[i];
    if (!node) continue;
    let spine: SyntaxNode | undefined;
    switch (node.type) {
      case 'member_expression':
      case 'subscript_expression':
        spine = fieldChild(node, 'object');
        break;
      case 'call_expression':
        spine = fieldChild(node, 'function');
        break;
      case 'non_null_expression':
        spine = node.children.find((c) => c.named);
        break;
      default:
        continue;
    }
    if (hasOptionalChain(node) || (spine !== undefined && optional[spine.id] === 1)) optional[node.id] = 1;
  }
  return optional;
}

/** `[a, b]`: `[]` and one `,` per element after the first (holes are elements). */
function arrayOperators(node: SyntaxNode): Item[] {
  let commas = 0;
  let afterComma = false;
  let elements = 0;
  for (const child of node.children) {
    if (child.type === ',') {
      commas++;
      afterComma = true;
    } else if (child.named && child.type !== 'comment') {
      afterComma = false;
    }
  }
  // Elements: one per comma, plus a last one unless the list ends with a comma.
  const hasAny = node.children.some((c) => c.named && c.type !== 'comment') || commas > 0;
  if (hasAny) elements = commas + (afterComma ? 0 : 1);
  const items: Item[] = [op('[]')];
  for (let i = 1; i < elements; i++) items.push(op(','));
  return items;
}

/** A number by value, as escomplex prints it (`0x10` → 16, `1.0` → 1, `1_000` → 1000). */
function numberOperand(text: string): string {
  const value = Number(text.replace(/_/g, ''));
  return Number.isFinite(value) ? String(value) : text;
}
