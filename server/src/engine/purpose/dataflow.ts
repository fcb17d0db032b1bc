/**
 * Data flow inside a unit: where its inputs come from besides its parameters
 * (the request of a web framework, the environment, the command line,
 * standard input), which fields it assigns, which parameters it changes in
 * place, and where Rust's `?` propagates errors. Read from the unit's own
 * lines; nested units are left to their own facts.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { PassedBack } from '../languages/model.js';
import { blankNested } from './own-text.js';
import { escapeRegExp } from '../regex.js';

export type InputKind = 'request' | 'environment' | 'command line' | 'standard input';

export interface InputRead {
  readonly kind: InputKind;
  /** The expression as written. */
  readonly text: string;
  readonly line: number;
}

export interface Write {
  readonly target: string;
  /** The statement or call that changes it, as written. */
  readonly text: string;
  readonly line: number;
  /** For a parameter that hands a value back (C# `out`/`ref`, Swift `inout`): how it is declared. */
  readonly passing?: PassedBack;
  /** For a field changed by a method called on it (`self.ranges.push(…)`), not assigned: that method. */
  readonly method?: string;
  /** For a field whose array or list is written into by index (`_buffer[i] = item`), not the field itself. */
  readonly element?: true;
  /** For a field passed by `ref` or `out` to a method (`Decrement(ref _start)`), which can set it. */
  readonly via?: { readonly passing: 'ref' | 'out'; readonly callee: string };
  /**
   * For a parameter given an item (`path.add(node)`, `stack.push(x)`) that a later line of the unit takes
   * out again (`path.delete(node)`, `stack.pop()`): the item, and the line that takes it out. Between the
   * two the parameter holds it (a path, a stack of what is being visited); a normal return leaves it as it
   * was.
   */
  readonly restored?: { readonly item: string; readonly line: number };
}

/** Calls that put an item in, and the calls that take that same item out again. */
const UNDO: ReadonlyArray<readonly [RegExp, (item: string) => RegExp]> = [
  [
    /^(add|Add|insert|put)$/,
    (item) =>
      new RegExp(`\\.\\s*(delete|remove|Remove|discard|erase)\\s*\\(\\s*${escapeRegExp(item)}\\s*\\)`),
  ],
  [/^(push|append|push_back|Push)$/, () => /\.\s*(pop|pop_back|Pop)\s*\(\s*\)/],
];

/**
 * The item a parameter's `add` or `push` on `line` puts in, when a later line takes the same item out of
 * it again (`seen.add(n)` … `seen.delete(n)`, `stack.push(x)` … `stack.pop()`), with that line.
 */
function restoredBy(
  lines: readonly { text: string; line: number }[],
  target: string,
  method: string,
  line: number,
): Write['restored'] {
  const undo = UNDO.find(([put]) => put.test(method));
  const at = lines.find((l) => l.line === line);
  if (!undo || !at) return undefined;
  const put = new RegExp(
    `(?<![\\w.$])${escapeRegExp(target)}\\s*\\.\\s*${method}\\s*\\(\\s*([^()]*?)\\s*\\)`,
  ).exec(at.text);
  if (!put || !put[1] || put[1].includes(',')) return undefined;
  const taken = undo[1](put[1]);
  const later = lines.find(
    (l) => l.line > line && new RegExp(`(?<![\\w.$])${escapeRegExp(target)}\\s*${taken.source}`).test(l.text),
  );
  // A `return` between them would leave the item in.
  if (!later || lines.some((l) => l.line > line && l.line < later.line && /\breturn\b/.test(l.text)))
    return undefined;
  return { item: put[1], line: later.line };
}

export interface DataFlow {
  readonly inputs: readonly InputRead[];
  readonly fieldWrites: readonly Write[];
  readonly mutatedParams: readonly Write[];
  /** Lines where `?` returns an error to the caller (Rust). */
  readonly propagates: readonly number[];
  /**
   * Every assignment in its own code is to a variable it declares itself (or, in Python, Ruby and PHP,
   * which declare by assigning, to a plain name): nothing else can have been changed by an assignment
   * that fieldWrites and mutatedParams missed. Only then may an explanation say it changes nothing.
   */
  readonly writesOnlyLocals: boolean;
}

const INPUTS: ReadonlyArray<[InputKind, RegExp]> = [
  [
    'request',
    /\brequest\.(?:args|form|json|files|cookies|headers|values|data|GET|POST|FILES|COOKIES|META|body|get_json\(\)|query_params|path_params)(?:\.get\(\s*['"][^'"]*['"]|\[\s*['"][^'"]*['"]\s*\]|\.\w+)?/,
  ],
  [
    'request',
    /\breq\.(?:query|params|body|headers|cookies|ip|files?)(?:\.\w+|\[\s*['"][^'"]*['"]\s*\])?|\breq\.get\(\s*['"][^'"]*['"]\s*\)/,
  ],
  ['request', /\bctx\.(?:query|params|headers|cookies|request\.(?:body|query|headers|files?))(?:\.\w+)?/],
  [
    'request',
    /\br\.(?:URL\.Query\(\)(?:\.Get\([^)]*\))?|FormValue\([^)]*\)|PostFormValue\([^)]*\)|PathValue\([^)]*\)|Body|Header\.Get\([^)]*\)|Form)/,
  ],
  [
    'request',
    /@(?:RequestParam|PathVariable|RequestBody|RequestHeader|CookieValue)\b(?:\([^)]*\))?\s+[\w<>]+\s+\w+|\[From(?:Body|Query|Route|Form|Header)\]\s*[\w<>]+\s+\w+|\bRequest\.(?:Query|Form|Body|Headers|Cookies)(?:\[[^\]]*\])?/,
  ],
  [
    'environment',
    /\bos\.environ(?:\.get\([^)]*\)|\[[^\]]*\])?|\bos\.getenv\([^)]*\)|\bprocess\.env(?:\.\w+|\[[^\]]*\])?|\bos\.(?:Getenv|LookupEnv)\([^)]*\)|\bSystem\.getenv\([^)]*\)|\bEnvironment\.GetEnvironmentVariable\([^)]*\)|\benv::var\([^)]*\)|\bgetenv\([^)]*\)|\bENV\[[^\]]*\]/,
  ],
  [
    'command line',
    /\bsys\.argv(?:\[[^\]]*\])?|\bprocess\.argv(?:\[[^\]]*\]|\.slice\([^)]*\))?|\bos\.Args(?:\[[^\]]*\])?|\benv::args\(\)|\bflag\.(?:String|Int|Bool|Parse)\([^)]*\)|\bargparse\.ArgumentParser\(/,
  ],
  [
    'standard input',
    /\binput\([^)]*\)|\bsys\.stdin(?:\.\w+\(\))?|\bprocess\.stdin|\bos\.Stdin|\bSystem\.in\b|\bConsole\.ReadLine\(\)|\bstdin\(\)/,
  ],
];

/**
 * Any of INPUTS, as one pattern: most lines read no input, and one scan of
 * them spares the eight. Built from INPUTS, so the two cannot disagree.
 */
const MAY_READ_INPUT = new RegExp(INPUTS.map(([, re]) => `(?:${re.source})`).join('|'));

/** `p.field = …`, `p->field += …`, `p.items[i] = …`: a write through a name. */
const MEMBER_WRITE =
  /(?<![\w.$>])([A-Za-z_$][\w$]*)\s*(?:\.|->)\s*[\w$]+(?:\s*(?:\.|->)\s*[\w$]+|\[[^\]]*\])*\s*(?:[-+*/%|&^]|<<|>>)?=(?!=)/g;
/** `*p = …`, `*p += …` at the start of a statement: a write through a pointer (not `a * b`). */
const DEREF_WRITE =
  /(?:^\s*|[;{]\s*)(?:\(?\*+\s*([A-Za-z_$][\w$]*)\)?\s*(?:(?:[-+*/%|&^]|<<|>>)?=(?!=)|\+\+|--)|(?:\+\+|--)\s*\(\*+\s*([A-Za-z_$][\w$]*)\))/g;

/** Calls that change the object they are called on. */
const MUTATORS =
  /^(sort|reverse|append|push|pop|shift|unshift|splice|extend|insert|remove|clear|update|add|delete|set|put|fill|setdefault|discard|popitem|Add|Remove|Clear|Insert|Sort|Reverse|AddRange|RemoveAt)$/;

/** Calls that change a field they are called on, besides MUTATORS: Rust's and C++'s names for them. */
const FIELD_MUTATORS =
  /^(drain|truncate|retain|dedup|dedup_by_key|sort_by|sort_by_key|sort_unstable|sort_unstable_by|sort_unstable_by_key|swap|split_off|extend_from_slice|push_back|push_front|pop_back|pop_front|emplace_back|erase|resize|reserve|addAll|removeAll|removeIf|retainAll|replaceAll|offer|poll|enqueue|dequeue)$/;

/** The unit's lines with its nested units blanked (a callback written on one line too), each with its 1-based number. */
function ownLines(unit: Node, nested: readonly Node[]): Array<{ text: string; line: number }> {
  const first = unit.startPosition.row;
  return blankNested(unit, nested)
    .split('\n')
    .map((text, i) => ({ text, line: first + i + 1 }))
    .filter(({ text }) => text.trim() !== '');
}

function firstMatch(text: string, re: RegExp): string | undefined {
  return re.exec(text)?.[0];
}

// One pattern each for every name, then the name checked, rather than three
// patterns built per parameter per unit: V8 compiles each new RegExp again.
/** `name.method(` */
const METHOD_CALL = /\b([A-Za-z_][\w$]*)\s*\.\s*(\w+)\s*\(/g;
/** `name[…] =`, `name[…] += …` */
const INDEX_WRITE = /(?<![\w.$])([A-Za-z_$][\w$]*)\s*\[[^\]]+\]\s*[-+*/]?=(?!=)/g;
/** Most targets one statement assigns at once that are read: a longer list is no swap. */
const MAX_TUPLE_TARGETS = 8;

/**
 * Several targets assigned at once, as the statement starts: `a[i], a[j] =`, `[a[i], a[j]] =`. Read by
 * splitting at the first lone `=`, not by a pattern that would backtrack over a long list of commas.
 */
function tupleTargets(text: string): string[] {
  const at = /(?<![=!<>:+\-*/%&|^])=(?![=>])/.exec(text);
  if (!at) return [];
  const left = text
    .slice(0, at.index)
    .trim()
    .replace(/^[[(]\s*|\s*[\])]$/g, '');
  const targets = left.split(',');
  return targets.length > 1 && targets.length <= MAX_TUPLE_TARGETS ? targets : [];
}
/** Library calls that reorder or fill the collection they are given. */
const IN_PLACE_CALL =
  /\b(sort\.(?:Slice|SliceStable|Strings|Ints|Sort)|slices\.Sort\w*|Collections\.(?:sort|shuffle|reverse)|Arrays\.(?:sort|fill)|random\.shuffle|Array\.Sort|Array\.Reverse)\(\s*([A-Za-z_$][\w$]*)/g;

/**
 * How a line changes each of `names` in place, where it does: a mutating
 * method called on it, a write through an index, or a library call that
 * sorts or fills it, in that order of preference; the first of each kind.
 */
function paramChanges(
  text: string,
  names: ReadonlySet<string>,
  valueMethods: ReadonlySet<string>,
): Map<string, string> {
  const how = new Map<string, string>();
  for (const m of text.matchAll(METHOD_CALL))
    if (
      names.has(m[1]!) &&
      !how.has(m[1]!) &&
      MUTATORS.test(m[2]!) &&
      !valueMethods.has(m[2]!) &&
      // `name = name.Remove(i, 1)`: the result is a new value put back in the name (a C# or Java string's
      // `Remove`, `replace`), which rebinds the parameter and leaves the caller's value as it was.
      !new RegExp(`(?<![\\w$.])${escapeRegExp(m[1]!)}\\s*=(?!=)\\s*$`).test(text.slice(0, m.index))
    )
      how.set(m[1]!, `${m[1]}.${m[2]}`);
  if (how.size === names.size) return how;
  for (const m of text.matchAll(INDEX_WRITE)) if (names.has(m[1]!) && !how.has(m[1]!)) how.set(m[1]!, m[0]);
  // `a[i], a[j] = a[j], a[i]` (Python, Go) and `[a[i], a[j]] = [a[j], a[i]]`: elements set together.
  for (const target of tupleTargets(text)) {
    const element = /^\s*([A-Za-z_$][\w$]*)\s*\[[^\]]+\]\s*$/.exec(target);
    if (element && names.has(element[1]!) && !how.has(element[1]!)) how.set(element[1]!, text.trim());
  }
  if (how.size === names.size) return how;
  for (const m of text.matchAll(IN_PLACE_CALL))
    if (names.has(m[2]!) && !how.has(m[2]!)) how.set(m[2]!, m[1]!);
  for (const re of [MEMBER_WRITE, DEREF_WRITE])
    for (const m of text.matchAll(re)) {
      // `(*p)++` and `++(*p)` move what `p` points to, as `*p = …` sets it.
      const name = m[1] ?? m[2];
      if (name && names.has(name) && !how.has(name))
        how.set(name, m[0].replace(/^[;{]?\s*/, '').replace(/\s*[-+*/%|&^<>]*=$/, ''));
    }
  return how;
}

const ASSIGNMENTS =
  /^(assignment_expression|augmented_assignment_expression|assignment|augmented_assignment|assignment_statement|compound_assignment_expr|update_expression|inc_statement|dec_statement|prefix_unary_expression|postfix_unary_expression)$/;
/** C#'s unary expressions assign only as `++x`, `x--`: `-x` and `!x` change nothing. */
const UNARY = /^(prefix|postfix)_unary_expression$/;
/** An element of an array or list written by index: `_buffer[i] = item`, `a[dest++] = x`. */
const ELEMENT = /^(element_access_expression|array_access|subscript_expression|subscript|index_expression)$/;
/** Nodes that declare names, each in its `name`, `declarator`, `left` or `pattern` field. */
const DECLARING =
  /declaration|declarator|parameter|short_var|let_|binding|for_in|range_clause|catch|for_statement|var_spec|const_spec/;
const NAME_LISTS = /^(expression_list|identifier_list|pattern_list|tuple_pattern)$/;

/** The names the unit's own code declares, read from the tree: locals, loop variables, caught errors. */
function declaredNames(unit: Node, nested: readonly Node[]): Set<string> {
  const names = new Set<string>();
  const nodes = unit.doc.nodes;
  for (let id = unit.id; id <= unit.lastId; id++) {
    const node = nodes[id]!;
    if (id !== unit.id && nested.some((n) => n.id === id)) {
      id = node.lastId;
      continue;
    }
    if (!DECLARING.test(node.type)) continue;
    for (const f of ['name', 'declarator', 'left', 'pattern']) {
      const child = node.childForFieldName(f);
      if (!child) continue;
      if (/identifier$/.test(child.type)) names.add(child.text);
      else if (NAME_LISTS.test(child.type))
        for (const c of child.namedChildren) if (/identifier$/.test(c.type)) names.add(c.text);
    }
  }
  return names;
}

/** Each assignment in the unit's own code (not in the functions written in it), with what it assigns to. */
/** The nodes of `unit` in document order, the functions `nested` in it left out. */
function* ownNodes(unit: Node, nested: readonly Node[]): Generator<Node> {
  const nodes = unit.doc.nodes;
  for (let id = unit.id + 1; id <= unit.lastId; id++) {
    const node = nodes[id]!;
    if (nested.some((n) => n.id === id)) {
      id = node.lastId;
      continue;
    }
    yield node;
  }
}

function* ownAssignments(
  unit: Node,
  nested: readonly Node[],
): Generator<{ readonly node: Node; readonly target: Node | undefined }> {
  for (const node of ownNodes(unit, nested)) {
    if (!ASSIGNMENTS.test(node.type)) continue;
    if (UNARY.test(node.type) && !/^\s*(\+\+|--)|(\+\+|--)\s*$/.test(node.text)) continue;
    const target =
      node.childForFieldName('left') ?? node.childForFieldName('argument') ?? node.namedChildren[0];
    yield { node, target: target ?? undefined };
  }
}

/** Whether every assignment in the unit's own code is to a local variable (see DataFlow.writesOnlyLocals). */
function onlyLocals(
  unit: Node,
  params: readonly string[],
  nested: readonly Node[],
  assignmentDeclares: boolean,
): boolean {
  if (/^\s*(global|nonlocal)\s/m.test(unit.text)) return false;
  const declared = declaredNames(unit, nested);
  for (const { target } of ownAssignments(unit, nested)) {
    if (!target) return false;
    const names = NAME_LISTS.test(target.type) ? target.namedChildren : [target];
    for (const t of names) {
      if (!/^(identifier|variable_name)$/.test(t.type)) return false;
      if (!assignmentDeclares && !declared.has(t.text) && !params.includes(t.text)) return false;
    }
  }
  return true;
}

/** The class bodies whose fields a method names bare (Java, C#, C++): `markedChar = 0` sets the field. */
const CLASS_BODIES = /^(class_body|declaration_list|field_declaration_list|enum_body)$/;

/** The names of the fields the class around a method declares (`private int nChars, nextChar;`). */
function enclosingFields(unit: Node): Set<string> {
  const names = new Set<string>();
  let body = unit.parent;
  while (body && !CLASS_BODIES.test(body.type)) {
    if (/function|method|lambda|closure/.test(body.type)) return names;
    body = body.parent;
  }
  if (!body) return names;
  for (const decl of body.namedChildren) {
    if (decl.type !== 'field_declaration') continue;
    for (const d of decl.descendantsOfType(['variable_declarator', 'init_declarator', 'field_identifier'])) {
      const name =
        d.type === 'field_identifier'
          ? d
          : (d.childForFieldName('name') ?? d.childForFieldName('declarator') ?? d.namedChildren[0]);
      if (name && /identifier$/.test(name.type)) names.add(name.text);
    }
  }
  return names;
}

/** Assignments in the unit's own code to a bare name that is one of the class's fields and no local or parameter. */
function bareFieldWrites(
  unit: Node,
  params: readonly string[],
  nested: readonly Node[],
  fields: ReadonlySet<string>,
): Write[] {
  const declared = declaredNames(unit, nested);
  const writes: Write[] = [];
  for (const { node, target } of ownAssignments(unit, nested)) {
    if (!target) continue;
    // `_buffer[_start] = item` writes into the field's array: the field is what changes.
    const element = ELEMENT.test(target.type);
    const named = element
      ? (target.childForFieldName('expression') ??
        target.childForFieldName('array') ??
        target.childForFieldName('object') ??
        target.namedChildren[0])
      : target;
    if (!named || named.type !== 'identifier') continue;
    const name = named.text;
    if (!fields.has(name) || declared.has(name) || params.includes(name)) continue;
    const line = node.startPosition.row + 1;
    writes.push({
      target: name,
      text: node.text.split('\n')[0]!.trim(),
      line,
      ...(element ? { element: true } : {}),
    });
  }
  // `Decrement(ref _start)`: the method called can set the field.
  for (const node of ownNodes(unit, nested)) {
    if (node.type !== 'argument') continue;
    const m = /^(ref|out)\s+(\w+)$/.exec(node.text.trim());
    if (!m || !fields.has(m[2]!) || declared.has(m[2]!) || params.includes(m[2]!)) continue;
    let call = node.parent;
    while (call && call.type !== 'invocation_expression') call = call.parent;
    const callee = call?.childForFieldName('function')?.text;
    if (!callee) continue;
    writes.push({
      target: m[2]!,
      text: node.text.trim(),
      line: node.startPosition.row + 1,
      via: { passing: m[1] as 'ref' | 'out', callee },
    });
  }
  return writes;
}

/**
 * A pattern for a write to one of `names`, which are parameters that hand a
 * value back: an assignment (`value = …`, `value += …`), `value++`, or
 * passing it on to be set (`out value`, `ref value`, Swift's `&value`).
 */
function passedBackWrite(names: readonly string[]): RegExp | undefined {
  const safe = names.filter((n) => /^[A-Za-z_][\w]*$/.test(n));
  if (safe.length === 0) return undefined;
  const name = `(${safe.join('|')})`;
  return new RegExp(
    `(?<![\\w.$])${name}\\s*(?:(?:[-+*/%|&^]|<<|>>|\\?\\?)?=(?!=)|\\+\\+|--)|(?:\\b(?:out|ref)\\s+|&)${name}\\b`,
  );
}

/** A Go method's receiver name (`s` of `func (s *Scanner) …`): writes through it change the caller's value. */
/** A Go method's receiver name (`b` of `func (b *readBuf) uint16()`). */
export function receiverOf(unit: Node): string | undefined {
  const receiver = unit.childForFieldName('receiver');
  return receiver?.namedChildren.find((c) => c.type === 'parameter_declaration')?.childForFieldName('name')
    ?.text;
}

export function dataFlowOf(
  unit: Node,
  params: readonly string[],
  nested: readonly Node[],
  assignmentDeclares: boolean,
  passedBack: ReadonlyMap<string, PassedBack> = new Map(),
  valueMethods: ReadonlySet<string> = new Set(),
): DataFlow {
  const lines = ownLines(unit, nested);
  const inputs: InputRead[] = [];
  const fieldWrites: Write[] = [];
  const mutatedParams: Write[] = [];
  const seenInputs = new Set<string>();
  const seenFields = new Set<string>();
  const seenParams = new Set<string>();
  const watched = params.filter((p) => /^[A-Za-z_$][\w$]*$/.test(p) && !/^(self|this|cls)$/.test(p));
  const receiver = receiverOf(unit);
  const fieldOf = new RegExp(
    `(?<![\\w.$])((?:self|this${receiver ? `|${receiver}` : ''})(?:\\.|->)\\w+)\\s*(?:(?:[-+*/%|&^]|<<|>>)?=(?!=)|\\+\\+|--)`,
  );
  // `*b = (*b)[2:]`: a Go method that replaces what its pointer receiver points to.
  const receiverWrite = receiver
    ? new RegExp(`(?<![\\w.$*])\\*${escapeRegExp(receiver)}\\s*(?:[-+*/%|&^]|<<|>>)?=(?!=)`)
    : undefined;
  const fieldCall = new RegExp(
    `(?<![\\w.$])((?:self|this${receiver ? `|${receiver}` : ''})\\s*(?:\\.|->)\\s*\\w+)\\s*\\.\\s*(\\w+)\\s*(?:::<[^>]*>\\s*)?\\(`,
    'g',
  );
  const backWrite = passedBackWrite([...passedBack.keys()]);
  const classFields = enclosingFields(unit);
  const bareFields = classFields.size ? bareFieldWrites(unit, params, nested, classFields) : [];
  for (const { text, line } of lines) {
    // Comments and strings could hold any of these words; a line that is only a comment says nothing.
    // (`*count = 0;` is a write through a pointer, not a comment's continuation line.)
    if (/^\s*(#|\/\/|\/\*)/.test(text) || (/^\s*\*(\s|\/|$)/.test(text) && !/;\s*$/.test(text))) continue;
    if (MAY_READ_INPUT.test(text))
      for (const [kind, re] of INPUTS) {
        const found = firstMatch(text, re);
        if (found && !seenInputs.has(found) && inputs.length < 12) {
          seenInputs.add(found);
          inputs.push({ kind, text: found.trim(), line });
        }
      }
    // `cr.n, cr.err = parseHexUint(line)`: each field on the left is written, not only the last.
    const targets = /^\s*((?:[\w.$>-]+\s*,\s*)+[\w.$>-]+)\s*=(?!=)/.exec(text);
    const owner = new RegExp(`^(?:self|this${receiver ? `|${receiver}` : ''})(?:\\.|->)\\w+$`);
    for (const t of targets ? targets[1]!.split(',').map((x) => x.trim()) : [])
      if (owner.test(t) && !seenFields.has(t) && fieldWrites.length < 12) {
        seenFields.add(t);
        fieldWrites.push({ target: t, text: text.trim().replace(/;$/, ''), line });
      }
    // `self.ranges.push(x)`, `this.items.sort()`: a method that changes the field it is called on.
    for (const m of text.matchAll(fieldCall)) {
      const target = m[1]!.replace(/\s+/g, '');
      if (
        (MUTATORS.test(m[2]!) || FIELD_MUTATORS.test(m[2]!)) &&
        !valueMethods.has(m[2]!) &&
        !seenFields.has(target) &&
        fieldWrites.length < 12
      ) {
        seenFields.add(target);
        fieldWrites.push({ target, text: `${target}.${m[2]}`, line, method: m[2]! });
      }
    }
    // `del self._buffer[:n]`: items taken out of a field, in place.
    const deleted = /^\s*del\s+((?:self|this)\.\w+)\s*\[/.exec(text)?.[1];
    if (deleted && !seenFields.has(deleted) && fieldWrites.length < 12) {
      seenFields.add(deleted);
      fieldWrites.push({ target: deleted, text: `del ${deleted}[…]`, line, method: 'del' });
    }
    const whole = receiverWrite?.test(text) ? `*${receiver}` : undefined;
    if (whole && !seenFields.has(whole) && fieldWrites.length < 12) {
      seenFields.add(whole);
      fieldWrites.push({ target: whole, text: text.trim().replace(/;$/, ''), line });
    }
    const field = fieldOf.exec(text);
    if (field && !seenFields.has(field[1]!) && fieldWrites.length < 12) {
      seenFields.add(field[1]!);
      fieldWrites.push({ target: field[1]!, text: text.trim().replace(/;$/, ''), line });
    }
    // An assignment to an `out`, `ref` or `inout` parameter is a change its caller sees.
    const back = backWrite?.exec(text);
    const backName = back?.[1] ?? back?.[2];
    if (back && backName && !seenParams.has(backName)) {
      seenParams.add(backName);
      mutatedParams.push({
        target: backName,
        text: text.trim().replace(/;$/, ''),
        line,
        passing: passedBack.get(backName)!,
      });
    }
    const unseen = watched.filter((p) => !seenParams.has(p) && text.includes(p));
    if (unseen.length > 0) {
      const changes = paramChanges(text, new Set(unseen), valueMethods);
      for (const p of unseen) {
        const how = changes.get(p);
        if (how === undefined) continue;
        seenParams.add(p);
        const method = /^[\w$]+\.(\w+)$/.exec(how.trim())?.[1];
        const restored = method ? restoredBy(lines, p, method, line) : undefined;
        mutatedParams.push({ target: p, text: how.trim(), line, ...(restored ? { restored } : {}) });
      }
    }
  }
  for (const w of bareFields)
    if (!seenFields.has(w.target) && fieldWrites.length < 12) {
      seenFields.add(w.target);
      fieldWrites.push(w);
    }
  fieldWrites.sort((a, b) => a.line - b.line);
  const propagates = unit
    .descendantsOfType(['try_expression'])
    .filter((n) => !nested.some((u) => n.startIndex >= u.startIndex && n.endIndex <= u.endIndex))
    .map((n) => n.startPosition.row + 1);
  return {
    inputs,
    fieldWrites,
    mutatedParams,
    propagates: [...new Set(propagates)],
    writesOnlyLocals: onlyLocals(
      unit,
      // A parameter that hands a value back is no local: an assignment to it is seen by the caller.
      [...params.filter((p) => !passedBack.has(p)), ...(receiver ? [receiver] : [])],
      nested,
      assignmentDeclares,
    ),
  };
}
