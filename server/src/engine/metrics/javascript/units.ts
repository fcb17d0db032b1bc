/**
 * Finds the units of a JavaScript/TypeScript snippet — functions, arrows,
 * generators, methods, classes — and the implicit functions of a class body
 * (field initializers and static blocks, which ESLint's code-path analysis
 * treats as functions of their own), and gives each a readable name.
 */
import type { UnitKind } from '../model.js';
import { isClass, isField, isFunction, isIgnored, isStaticBlock } from './syntax.js';
import { estreeParent, fieldChild, unwrapParentheses, type SyntaxNode, type SyntaxTree } from './tree.js';

export type UnitRole = 'function' | 'class' | 'initializer' | 'static-block';

export interface UnitCandidate {
  /** Position in `UnitTable.units` (document order, outer before inner). */
  readonly index: number;
  readonly node: SyntaxNode;
  readonly role: UnitRole;
  readonly kind: UnitKind;
  readonly name: string;
  /** The nearest enclosing candidate, or null at the top level. */
  readonly parent: UnitCandidate | null;
}

/** Node id → the candidate that node is (only for candidate nodes). */
export interface UnitLookup {
  get(nodeId: number): UnitCandidate | undefined;
}

export interface UnitTable {
  readonly units: readonly UnitCandidate[];
  readonly byNode: UnitLookup;
  /** Node id → 1 when the node itself is left out of every metric (`isIgnored`), for every pass to read. */
  readonly ignored: Uint8Array;
}

/** Candidates by node id, in an array as long as the tree. */
class UnitsByNode implements UnitLookup {
  readonly #at: (UnitCandidate | undefined)[];

  constructor(size: number) {
    this.#at = new Array<UnitCandidate | undefined>(size);
  }

  get(nodeId: number): UnitCandidate | undefined {
    return this.#at[nodeId];
  }

  set(nodeId: number, unit: UnitCandidate): void {
    this.#at[nodeId] = unit;
  }
}

const SKIPPED = 'skipped';

export function findUnits(tree: SyntaxTree): UnitTable {
  const units: UnitCandidate[] = [];
  const byNode = new UnitsByNode(tree.nodes.length);
  const ignored = new Uint8Array(tree.nodes.length);
  // enclosing[id]: the candidate a node is or sits in (null: top level), or SKIPPED (types, comments).
  const enclosing: (UnitCandidate | null | typeof SKIPPED)[] = new Array<UnitCandidate | null>(
    tree.nodes.length,
  );
  const namer = new Namer(tree, byNode);
  for (const node of tree.nodes) {
    const own = isIgnored(node);
    if (own) ignored[node.id] = 1;
    const outer = node.parent ? (enclosing[node.parent.id] ?? null) : null;
    if (outer === SKIPPED || own) {
      enclosing[node.id] = SKIPPED;
      continue;
    }
    const role = roleOf(node);
    if (!role) {
      enclosing[node.id] = outer;
      continue;
    }
    const unit: UnitCandidate = {
      index: units.length,
      node,
      role,
      kind: kindOf(tree, node, role),
      name: namer.name(node, role),
      parent: outer,
    };
    units.push(unit);
    byNode.set(node.id, unit);
    enclosing[node.id] = unit;
  }
  return { units, byNode, ignored };
}

function roleOf(node: SyntaxNode): UnitRole | undefined {
  if (isFunction(node)) return fieldChild(node, 'body') ? 'function' : undefined;
  if (isClass(node)) return 'class';
  if (isField(node) && fieldChild(node, 'value')) return 'initializer';
  if (isStaticBlock(node)) return 'static-block';
  return undefined;
}

function kindOf(tree: SyntaxTree, node: SyntaxNode, role: UnitRole): UnitKind {
  switch (role) {
    case 'class':
      return 'class';
    case 'initializer':
    case 'static-block':
      // ESLint runs these as functions of the class; the closest kind we have.
      return 'method';
    case 'function':
      break;
  }
  if (node.type === 'method_definition') {
    const keyword = node.children.find((c) => c.type === 'get' || c.type === 'set');
    if (keyword?.type === 'get') return 'getter';
    if (keyword?.type === 'set') return 'setter';
    const name = fieldChild(node, 'name');
    const isStatic = node.children.some((c) => c.type === 'static');
    if (node.parent?.type === 'class_body' && !isStatic && name) {
      // `constructor` (or the string key "constructor") is the constructor only in a class.
      const text = tree.text(name);
      if (text === 'constructor' || text === '"constructor"' || text === "'constructor'")
        return 'constructor';
    }
    return 'method';
  }
  // An arrow or function expression that is a class field's value is a method of that class.
  const parent = estreeParent(node);
  if (parent && isField(parent)) return 'method';
  return node.type === 'arrow_function' ? 'arrow' : 'function';
}

const MAX_NAME_TEXT = 60;

/** Names units: declared names, or a stand-in from where the unit sits. */
class Namer {
  readonly #tree: SyntaxTree;
  readonly #byNode: UnitLookup;

  constructor(tree: SyntaxTree, byNode: UnitLookup) {
    this.#tree = tree;
    this.#byNode = byNode;
  }

  name(node: SyntaxNode, role: UnitRole): string {
    switch (role) {
      case 'initializer': {
        const cls = this.#memberOwner(node);
        return `<initializer of ${qualify(cls, this.#key(fieldChild(node, 'property') ?? fieldChild(node, 'name')))}>`;
      }
      case 'static-block':
        return `<static block of ${this.#memberOwner(node) ?? '<anonymous class>'}>`;
      case 'class':
        return this.#declaredName(node) ?? this.#holderName(node) ?? '<anonymous class>';
      case 'function':
        break;
    }
    if (node.type === 'method_definition') {
      return qualify(this.#memberOwner(node), this.#key(fieldChild(node, 'name')));
    }
    const declared = this.#declaredName(node);
    if (declared) return declared;
    const held = this.#holderName(node);
    if (held) return held;
    const what = node.type === 'arrow_function' ? 'arrow' : 'function';
    return this.#contextStandIn(node, what);
  }

  #text(node: SyntaxNode): string {
    return this.#tree.text(node);
  }

  #declaredName(node: SyntaxNode): string | undefined {
    const name = fieldChild(node, 'name');
    return name ? this.#text(name) : undefined;
  }

  /** The name of the class or object literal a member belongs to, if it has one. */
  #memberOwner(member: SyntaxNode): string | undefined {
    const container = member.parent;
    if (!container) return undefined;
    if (container.type === 'class_body') {
      const cls = container.parent ? this.#byNode.get(container.parent.id) : undefined;
      return cls?.name ?? '<anonymous class>';
    }
    if (container.type === 'object') return this.#holderName(container);
    return undefined;
  }

  /** A property key as written: `name`, `#secret`, `"str"` → str, `[expr]`. */
  #key(key: SyntaxNode | undefined): string {
    if (!key) return '<unnamed>';
    const text = this.#text(key);
    switch (key.type) {
      case 'string':
        return text.slice(1, -1);
      case 'computed_property_name':
        return shorten(text);
      default:
        return text;
    }
  }

  /**
   * The name a value gets from where it is stored: `const handler = …`,
   * `obj.method = …`, `{ key: … }` (qualified by the object's own holder),
   * `class A { field = … }`, `(cb = …) =>`, `export default …`, `onClick={…}`.
   * Walks up through nested object literals iteratively.
   */
  #holderName(value: SyntaxNode): string | undefined {
    const keys: string[] = [];
    let current = value;
    for (;;) {
      const parent = estreeParent(current);
      if (!parent) return undefined;
      const field = fieldTowards(parent, current);
      let base: string | undefined;
      switch (parent.type) {
        case 'variable_declarator':
          if (field === 'value') base = this.#simpleName(fieldChild(parent, 'name'));
          break;
        case 'assignment_expression':
        case 'augmented_assignment_expression':
          if (field === 'right') base = this.#simpleName(fieldChild(parent, 'left'));
          break;
        case 'assignment_pattern':
        case 'object_assignment_pattern':
          if (field === 'right') base = this.#simpleName(fieldChild(parent, 'left'));
          break;
        case 'required_parameter':
        case 'optional_parameter':
          if (field === 'value') base = this.#simpleName(fieldChild(parent, 'pattern'));
          break;
        case 'field_definition':
        case 'public_field_definition':
          if (field === 'value') {
            const prop = fieldChild(parent, 'property') ?? fieldChild(parent, 'name');
            base = qualify(this.#memberOwner(parent), this.#key(prop));
          }
          break;
        case 'export_statement':
          if (parent.children.some((c) => c.type === 'default')) base = 'default';
          break;
        case 'jsx_expression':
          // `<button onClick={() => …}>`: named after the attribute.
          if (parent.parent?.type === 'jsx_attribute') {
            const attribute = parent.parent.children[0];
            if (attribute && attribute !== parent) base = this.#text(attribute);
          }
          break;
        case 'pair':
          if (field === 'value' && parent.parent?.type === 'object' && keys.length < 4) {
            keys.unshift(this.#key(fieldChild(parent, 'key')));
            current = parent.parent;
            continue;
          }
          break;
      }
      if (base !== undefined) return [base, ...keys].join('.');
      // An object literal nobody names: its keys alone (`{ onClick() {} }` → onClick).
      return keys.length > 0 ? keys.join('.') : undefined;
    }
  }

  /** Identifier or member-expression text, if short and on one line. */
  #simpleName(node: SyntaxNode | undefined): string | undefined {
    if (!node) return undefined;
    switch (node.type) {
      case 'identifier':
      case 'shorthand_property_identifier_pattern':
      case 'member_expression':
      case 'subscript_expression': {
        const text = this.#text(node);
        return text.length <= MAX_NAME_TEXT && !/[\r\n]/.test(text) ? text : undefined;
      }
      default:
        return undefined;
    }
  }

  /** `<anonymous arrow in map()>`, `<anonymous function (IIFE)>`, `<anonymous function>`. */
  #contextStandIn(node: SyntaxNode, what: string): string {
    const parent = estreeParent(node);
    if (parent?.type === 'arguments' && parent.parent) {
      const call = parent.parent;
      if (call.type === 'call_expression') {
        const callee = this.#calleeName(fieldChild(call, 'function'));
        if (callee) return `<anonymous ${what} in ${callee}()>`;
      } else if (call.type === 'new_expression') {
        const callee = this.#calleeName(fieldChild(call, 'constructor'));
        if (callee) return `<anonymous ${what} in new ${callee}()>`;
      }
    }
    if (parent?.type === 'call_expression' && fieldTowards(parent, node) === 'function') {
      return `<anonymous ${what} (IIFE)>`;
    }
    return `<anonymous ${what}>`;
  }

  #calleeName(callee: SyntaxNode | undefined): string | undefined {
    if (!callee) return undefined;
    const inner = unwrapParentheses(callee);
    if (inner.type === 'identifier') return this.#text(inner);
    if (inner.type === 'member_expression') {
      const property = fieldChild(inner, 'property');
      return property ? this.#text(property) : undefined;
    }
    return undefined;
  }
}

function qualify(owner: string | undefined, key: string): string {
  return owner ? `${owner}.${key}` : key;
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= MAX_NAME_TEXT ? flat : `${flat.slice(0, MAX_NAME_TEXT - 1)}…`;
}

/** The field of `parent`'s child on the way down to `node` (through parentheses). */
function fieldTowards(parent: SyntaxNode, node: SyntaxNode): string | null {
  let current: SyntaxNode = node;
  while (current.parent && current.parent !== parent) current = current.parent;
  return current.field;
}
