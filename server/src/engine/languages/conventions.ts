/**
 * What tier-2 languages share: tree-sitter grammars follow naming
 * conventions closely enough to find the same steps by node type
 * (`if_statement`, `call_expression`, …), and loops, jumps and parameter
 * lists are read by their shape (facts/tier2.ts). A tier-2 module starts from
 * these and overrides only what its grammar does differently.
 */
import { isParameter, parameterList, tier2Loop } from '../facts/tier2.js';
import { api, referenceReader } from './common.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { CompileCondition } from '../facts/model.js';
import type {
  ApiEntry,
  CompileTimeSyntax,
  ConventionalSyntax,
  StepSyntax,
  VisibilityQuery,
} from './model.js';

const STEPS: readonly (readonly [RegExp, StepSyntax])[] = [
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
  // C's, C++'s and PHP's `case_statement` is one arm of a switch, not a switch (Bash's is: bash.ts).
  [/^(switch|when)_(statement|expression)$|^case$/, { kind: 'switch' }],
  [
    /^(call|invocation|invocation_expression|method_invocation|function_call|call_expression|member_call_expression|scoped_call_expression|function_call_expression|macro_invocation)$/,
    { kind: 'call' },
  ],
  [/^(object_creation_expression|new_expression)$/, { kind: 'call', detail: 'new' }],
  [/^return(_statement|_expression)?$/, { kind: 'return' }],
  [/^(throw|raise)(_statement|_expression)?$/, { kind: 'throw' }],
  [/^await(_expression)?$/, { kind: 'await' }],
  [/^(try|begin)(_statement|_expression|_block)?$/, { kind: 'try' }],
  [/^(catch|rescue|except)(_clause|_block)?$/, { kind: 'catch' }],
];

/**
 * Names that are no variable where they stand, beyond the naming fields: a member after a dot (Kotlin's and
 * Swift's `navigation_suffix`), a named argument's name (Kotlin's `f(x = 1)`), a member set by an object
 * initializer (C#'s `new P { X = 1 }`, `new { X = 1 }`).
 */
function tier2NameOnly(node: Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'navigation_suffix') return true;
  const next = node.nextSibling;
  const assigned = next !== null && !next.named && next.type === '=';
  if (
    assigned &&
    (parent.type === 'value_argument' || parent.type === 'anonymous_object_creation_expression')
  )
    return true;
  return (
    parent.type === 'assignment_expression' &&
    node.field === 'left' &&
    parent.parent?.type === 'initializer_expression'
  );
}

export const CONVENTIONS: ConventionalSyntax = {
  kind: 'conventions',
  steps: STEPS,
  comments: new Set(['comment', 'line_comment', 'block_comment', 'multiline_comment', 'doc_comment']),
  calleeFields: ['function', 'name', 'method', 'callee', 'constructor', 'type', 'macro'],
  loopShape: tier2Loop,
  isReference: referenceReader(['identifier', 'simple_identifier'], tier2NameOnly),
  parameters: { list: parameterList, isParameter },
  // Each language module names its own import nodes.
  imports: {},
};

/** C's and C++'s `#include <stdio.h>` and `#include "util.h"`: the header's name. */
export const INCLUDE = (node: Node): string[] => {
  const path = node.childForFieldName('path')?.text;
  return path ? [path.replace(/^[<"]|[>"]$/g, '')] : [];
};

/** Well-known calls across the tier-2 languages, by name alone. */
export const CONVENTIONAL_APIS: readonly ApiEntry[] = [
  api(/^(system|exec|shell_exec|passthru|popen|proc_open|`)$/, 'shell'),
  api(
    /^(fopen|file_get_contents|file|fread|fgets|readfile|File\.read|File\.readlines|IO\.readlines|fs::read_to_string)$/,
    'reads-file',
  ),
  api(/^(fwrite|file_put_contents|fputs|File\.write|unlink)$/, 'writes-file'),
  api(/^(printf|puts|echo|print|println|print_r|var_dump|NSLog)$/, 'print'),
  api(/^(getenv|ENV\.fetch|ENV\[\]|System\.getenv)$/, 'env'),
  api(/^(curl_exec|Net::HTTP\.\w+|URLSession\.shared\.dataTask)$/, 'http-request'),
  api(/^(time|microtime|Time\.now|Date\(\)|clock_gettime|gettimeofday)$/, 'clock'),
  api(/^(sleep|usleep|Thread\.sleep)$/, 'sleep'),
  api(/^(rand|mt_rand|random_int|srand|arc4random)$/, 'random'),
  api(/^(pthread_create|Thread\.new)$/, 'thread'),
  api(/^(pthread_mutex_lock|\w+\.synchronize)$/, 'lock'),
  api(/^(exit|abort|die)$/, 'exit'),
  api(/^(eval|instance_eval|class_eval)$/, 'eval'),
];

/** Without visibility keywords, a member whose name starts with `_` is private by convention. */
export function underscorePrivate({ name, inClass }: VisibilityQuery): boolean {
  return !inClass || !name.startsWith('_');
}

/** `defined(X)`, `defined X`, `!defined(X)`: a test of one macro, read as such. */
const DEFINED_TEST = /^(!\s*)?defined\s*(?:\(\s*(\w+)\s*\)|(\w+))$/;

/** What makes a C or C++ preprocessor arm the one compiled. */
function preprocessorCondition(arm: Node): CompileCondition | undefined {
  const keyword = arm.children.find((c) => !c.named)?.type ?? '';
  if (/^#(el)?ifn?def$/.test(keyword)) {
    const name = arm.childForFieldName('name')?.text;
    return name ? { test: keyword.endsWith('ndef') ? 'not-defined' : 'defined', text: name } : undefined;
  }
  const condition = arm.childForFieldName('condition')?.text.trim();
  if (!condition) return undefined;
  const single = DEFINED_TEST.exec(condition);
  if (single) return { test: single[1] ? 'not-defined' : 'defined', text: (single[2] ?? single[3])! };
  return { test: 'holds', text: condition };
}

/** C's and C++'s `#if`/`#ifdef`/`#ifndef` … `#elif`/`#elifdef` … `#else` … `#endif`. */
export const PREPROCESSOR_CONDITIONALS: CompileTimeSyntax = {
  arms: new Set(['preproc_if', 'preproc_ifdef', 'preproc_elif', 'preproc_elifdef', 'preproc_else']),
  end: '#endif',
  condition: preprocessorCondition,
};

/** C#'s `#if DEBUG`, `#if !TRACE`, `#elif X && Y`: a bare symbol is a test of whether it is defined. */
function csharpCondition(arm: Node): CompileCondition | undefined {
  const condition = arm.childForFieldName('condition')?.text.trim();
  if (!condition) return undefined;
  const symbol = /^(!\s*)?(\w+)$/.exec(condition);
  if (symbol) return { test: symbol[1] ? 'not-defined' : 'defined', text: symbol[2]! };
  return { test: 'holds', text: condition };
}

/** C#'s `#if` … `#elif` … `#else` … `#endif`, which its grammar reads as C's are read. */
export const CSHARP_CONDITIONALS: CompileTimeSyntax = {
  arms: new Set(['preproc_if', 'preproc_elif', 'preproc_else']),
  end: '#endif',
  condition: csharpCondition,
};
