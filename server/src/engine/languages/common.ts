/** Small pieces several language modules are built from. */
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { DocStyle, EffectKind } from '../purpose/model.js';
import type { ApiEntry, DeclarationReading } from './model.js';

export const api = (callee: RegExp, effect: EffectKind, requires?: RegExp): ApiEntry =>
  requires ? { callee, effect, requires } : { callee, effect };

/** A well-known call, its effect's kind, and what it does in words (ApiEntry.does). */
export const apiDoing = (callee: RegExp, effect: EffectKind, does: string): ApiEntry => ({
  callee,
  effect,
  does,
});

/** What the common cryptographic calls do, as every language's catalogue says them. */
export const CRYPTO_DOES = {
  hmac: 'computes an HMAC, a keyed hash that signs a value',
  constantTime: 'compares two secrets in constant time, so the time taken gives nothing away',
  hash: 'computes a cryptographic hash',
  derive: 'derives a key from a password',
  encrypt: 'encrypts data',
  decrypt: 'decrypts data',
  token: 'makes a random secret token',
  sign: 'signs data with a private key',
  verify: 'checks a signature with a public key',
} as const;

/** A call that means `effect` only when made with no arguments: `new Date()` is now, `new Date(ms)` is not. */
export const withoutArguments = (callee: RegExp, effect: EffectKind): ApiEntry => ({
  callee,
  effect,
  byArguments: (args) => (args?.length === 0 ? effect : undefined),
});

/** A string literal's text without its quotes, as an import source. */
export const stringText = (node: Node | null): string[] =>
  node ? [node.text.replace(/^['"`]|['"`]$/g, '')] : [];

/**
 * The file a call such as Ruby's `require 'json'` or Bash's `source ./lib.sh` loads: its one argument,
 * when that is a plain literal (no interpolation, so the text is the name).
 */
export function loadedFile(argument: Node | undefined): string[] {
  if (!argument) return [];
  const text = argument.text;
  if (/^'[^']*'$/.test(text) || /^"[^"$#{}]*"$/.test(text)) return [text.slice(1, -1)];
  return /^[\w./-]+$/.test(text) ? [text] : [];
}

/** The modifier and visibility keywords written on a declaration (`public static`, `pub`). */
export function modifiersText(node: Node): string {
  return node.namedChildren
    .filter((c) => /modifier|visibility/.test(c.type))
    .map((c) => c.text)
    .join(' ');
}

/** Doc comments are the blocks opening with `/**`, called `name`; any other comment is just a comment. */
export function blockDocs(name: DocStyle): (raw: string) => DocStyle {
  return (raw) => (raw.startsWith('/**') ? name : 'comment');
}

/** A program starts from a `main` that takes no parameters (C, Go, Python scripts, …). */
export const MAIN_WITHOUT_PARAMETERS: DeclarationReading['entryPoints'] = {
  names: ['main'],
  withParameters: false,
};

/** The last statement of a block, comments left out. */
export function lastStatement(block: Node | null | undefined): Node | undefined {
  const statements = block?.namedChildren.filter((c) => !c.type.includes('comment')) ?? [];
  return statements[statements.length - 1];
}

/** The types a heritage list names, type arguments left out: `Base<T>, Runnable` → Base, Runnable. */
export function heritageNames(list: Node | null | undefined): string[] {
  return list
    ? list.namedChildren
        .filter((c) => !c.type.includes('comment') && c.type !== 'keyword_argument')
        .map((c) => c.text.replace(/<.*$/s, ''))
    : [];
}

/** Fields whose name node names something other than a variable: a member, a key, a label, a type. */
const NAMING_FIELDS = new Set(['field', 'property', 'attribute', 'name', 'method', 'key', 'label', 'type']);

/**
 * A reader of variable references: a node of one of `types` that fills none of the naming fields
 * (`obj.x`'s `x`, `f(x=1)`'s `x`, a declaration's own name), and is not a name by the language's own
 * further rule (`namesOnly`).
 */
export function referenceReader(
  types: readonly string[],
  namesOnly: (node: Node) => boolean = () => false,
): (node: Node) => boolean {
  const referring = new Set(types);
  return (node) =>
    referring.has(node.type) && (node.field === null || !NAMING_FIELDS.has(node.field)) && !namesOnly(node);
}

/** `goto label;` and `label: …`, as C, C++, C# and Go's grammars name them (facts/passing.ts). */
export const GOTO_JUMPS = { goto: 'goto_statement', labeled: 'labeled_statement' } as const;
