/**
 * Which tree-sitter node types mean what, per language. Tier-1 languages have
 * exact tables; tier-2 languages fall back to the naming conventions all
 * tree-sitter grammars share (`if_statement`, `call_expression`, …).
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { StepKind } from './model.js';

export interface SyntaxTable {
  /** Node type → the step it is, with the loop flavour for loops. */
  readonly steps: Readonly<Record<string, { kind: StepKind; detail?: string }>>;
  /** Node types that carry an import and how to read its source. */
  readonly imports: Readonly<Record<string, (node: Node) => string[]>>;
  /** Field names that hold a call's callee, tried in order. */
  readonly calleeFields: readonly string[];
  /** Node types of comments. */
  readonly comments: ReadonlySet<string>;
  /** Node types marking a function as async / generator when found among its direct children. */
  readonly asyncMarkers: ReadonlySet<string>;
  readonly generatorMarkers: ReadonlySet<string>;
}

const stringText = (node: Node | null): string[] => (node ? [node.text.replace(/^['"`]|['"`]$/g, '')] : []);

const JS_LIKE: SyntaxTable = {
  steps: {
    for_statement: { kind: 'loop', detail: 'for' },
    for_in_statement: { kind: 'loop', detail: 'for-each' },
    while_statement: { kind: 'loop', detail: 'while' },
    do_statement: { kind: 'loop', detail: 'do-while' },
    if_statement: { kind: 'branch' },
    switch_statement: { kind: 'switch' },
    call_expression: { kind: 'call' },
    new_expression: { kind: 'call', detail: 'new' },
    return_statement: { kind: 'return' },
    throw_statement: { kind: 'throw' },
    await_expression: { kind: 'await' },
    try_statement: { kind: 'try' },
    catch_clause: { kind: 'catch' },
    yield_expression: { kind: 'yield' },
  },
  imports: {
    import_statement: (n) => stringText(n.childForFieldName('source')),
  },
  calleeFields: ['function', 'constructor'],
  comments: new Set(['comment', 'html_comment']),
  asyncMarkers: new Set(['async']),
  generatorMarkers: new Set(['*']),
};

const PYTHON: SyntaxTable = {
  steps: {
    for_statement: { kind: 'loop', detail: 'for-each' },
    while_statement: { kind: 'loop', detail: 'while' },
    for_in_clause: { kind: 'loop', detail: 'comprehension' },
    if_statement: { kind: 'branch' },
    elif_clause: { kind: 'branch', detail: 'elif' },
    match_statement: { kind: 'switch', detail: 'match' },
    call: { kind: 'call' },
    return_statement: { kind: 'return' },
    raise_statement: { kind: 'throw' },
    await: { kind: 'await' },
    try_statement: { kind: 'try' },
    except_clause: { kind: 'catch' },
    yield: { kind: 'yield' },
  },
  imports: {
    import_statement: (n) =>
      n.namedChildren.filter((c) => c !== null).map((c) => c.text.split(' ')[0] ?? c.text),
    import_from_statement: (n) => {
      const module = n.childForFieldName('module_name');
      return module ? [module.text] : [];
    },
  },
  calleeFields: ['function'],
  comments: new Set(['comment']),
  asyncMarkers: new Set(['async']),
  generatorMarkers: new Set(),
};

const JAVA: SyntaxTable = {
  steps: {
    for_statement: { kind: 'loop', detail: 'for' },
    enhanced_for_statement: { kind: 'loop', detail: 'for-each' },
    while_statement: { kind: 'loop', detail: 'while' },
    do_statement: { kind: 'loop', detail: 'do-while' },
    if_statement: { kind: 'branch' },
    switch_expression: { kind: 'switch' },
    switch_statement: { kind: 'switch' },
    method_invocation: { kind: 'call' },
    object_creation_expression: { kind: 'call', detail: 'new' },
    return_statement: { kind: 'return' },
    throw_statement: { kind: 'throw' },
    try_statement: { kind: 'try' },
    try_with_resources_statement: { kind: 'try' },
    catch_clause: { kind: 'catch' },
    yield_statement: { kind: 'yield' },
  },
  imports: {
    import_declaration: (n) => {
      const name = n.namedChildren.find((c) => c?.type === 'scoped_identifier' || c?.type === 'identifier');
      return name ? [name.text] : [];
    },
  },
  calleeFields: ['name', 'type'],
  comments: new Set(['line_comment', 'block_comment']),
  asyncMarkers: new Set(),
  generatorMarkers: new Set(),
};

const GO: SyntaxTable = {
  steps: {
    for_statement: { kind: 'loop', detail: 'for' },
    if_statement: { kind: 'branch' },
    expression_switch_statement: { kind: 'switch' },
    type_switch_statement: { kind: 'switch', detail: 'type' },
    select_statement: { kind: 'switch', detail: 'select' },
    call_expression: { kind: 'call' },
    return_statement: { kind: 'return' },
    go_statement: { kind: 'spawn' },
    defer_statement: { kind: 'defer' },
  },
  imports: {
    import_spec: (n) => stringText(n.childForFieldName('path')),
  },
  calleeFields: ['function'],
  comments: new Set(['comment']),
  asyncMarkers: new Set(),
  generatorMarkers: new Set(),
};

const TABLES: Partial<Record<LanguageId, SyntaxTable>> = {
  javascript: JS_LIKE,
  typescript: JS_LIKE,
  tsx: JS_LIKE,
  python: PYTHON,
  java: JAVA,
  go: GO,
};

// Tier-2 grammars follow shared naming conventions closely enough to find the
// same steps by name; anything not matched is simply not reported.
const GENERIC_PATTERNS: ReadonlyArray<[RegExp, { kind: StepKind; detail?: string }]> = [
  [
    /^(for|foreach|for_in|for_range|enhanced_for|c_style_for)_(statement|expression|loop)$/,
    { kind: 'loop', detail: 'for' },
  ],
  [/^(while|until)_(statement|expression|loop)$|^(while|until)$/, { kind: 'loop', detail: 'while' }],
  [/^do_(statement|while_statement)$|^repeat_while_statement$/, { kind: 'loop', detail: 'do-while' }],
  [/^loop_expression$/, { kind: 'loop', detail: 'loop' }],
  [/^for$|^(while|until)_modifier$/, { kind: 'loop', detail: 'for' }],
  [
    /^if_(statement|expression|modifier)$|^if$|^elsif$|^else_if_clause$|^elif_clause$|^unless(_modifier)?$/,
    { kind: 'branch' },
  ],
  [/^match_(statement|expression)$/, { kind: 'switch', detail: 'match' }],
  [/^(switch|case|when)_(statement|expression)$|^case$|^when_expression$/, { kind: 'switch' }],
  [
    /^(call|invocation|method_invocation|function_call|call_expression|member_call_expression|scoped_call_expression|function_call_expression|macro_invocation)$/,
    { kind: 'call' },
  ],
  [/^(object_creation_expression|new_expression)$/, { kind: 'call', detail: 'new' }],
  [/^return(_statement|_expression)?$/, { kind: 'return' }],
  [/^(throw|raise)(_statement|_expression)?$/, { kind: 'throw' }],
  [/^await(_expression)?$/, { kind: 'await' }],
  [/^(try|begin)(_statement|_expression|_block)?$/, { kind: 'try' }],
  [/^(catch|rescue|except)(_clause|_block)?$/, { kind: 'catch' }],
];

const GENERIC_COMMENTS = new Set([
  'comment',
  'line_comment',
  'block_comment',
  'multiline_comment',
  'doc_comment',
]);

export function syntaxTableFor(language: LanguageId): SyntaxTable | undefined {
  return TABLES[language];
}

export function stepFor(language: LanguageId, type: string): { kind: StepKind; detail?: string } | undefined {
  const table = TABLES[language];
  if (table) return table.steps[type];
  for (const [pattern, step] of GENERIC_PATTERNS) if (pattern.test(type)) return step;
  return undefined;
}

export function isComment(language: LanguageId, type: string): boolean {
  return (TABLES[language]?.comments ?? GENERIC_COMMENTS).has(type);
}

export const CALLEE_FIELDS_FALLBACK = [
  'function',
  'name',
  'method',
  'callee',
  'constructor',
  'type',
  'macro',
];
