/**
 * Constants that name the algorithm or format they belong to: CRC-32's
 * polynomial, SHA-256's initial hash, FNV's offset basis, the UTF-8 and
 * UTF-16 bit patterns, Punycode's parameters, file signatures, the
 * Base64 and Base32 alphabets. An engineer recognises code by them, so they
 * are evidence of what it is for. A value common enough to turn up by chance
 * (`0x80`, `38`) only counts beside the others of its set.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';

interface Member {
  readonly value: bigint | string;
  /** What the value is, as a noun phrase ("the CRC-32 polynomial, bit-reversed"). */
  readonly is: string;
}

interface Family {
  /** The algorithm or format, as the sentence names it. */
  readonly of: string;
  readonly members: readonly Member[];
  /** How many distinct members must appear; 1 for values no other code uses. */
  readonly needs: number;
  /**
   * What the members are together, for a set whose values are common alone: each one is told only as one
   * of the set, since `0x80` next to UTF-8's markers may still be the ASCII bound where it is written.
   */
  readonly together?: string;
  /** Members that must be among them (UTF-8's continuation byte and mask). */
  readonly requires?: readonly (bigint | string)[];
}

const n = (value: bigint, is: string): Member => ({ value, is });

export const CONSTANT_FAMILIES: readonly Family[] = [
  {
    of: 'CRC-32',
    needs: 1,
    members: [n(0xedb88320n, 'the CRC-32 polynomial, bit-reversed'), n(0x04c11db7n, 'the CRC-32 polynomial')],
  },
  {
    of: 'CRC-32C (Castagnoli)',
    needs: 1,
    members: [
      n(0x82f63b78n, 'the CRC-32C polynomial, bit-reversed'),
      n(0x1edc6f41n, 'the CRC-32C polynomial'),
    ],
  },
  {
    of: 'CRC-64',
    needs: 1,
    members: [
      n(0xc96c5795d7870f42n, 'the CRC-64/ECMA polynomial, bit-reversed'),
      n(0x42f0e1eba9ea3693n, 'the CRC-64/ECMA polynomial'),
    ],
  },
  {
    of: 'MD5',
    needs: 1,
    members: [n(0xd76aa478n, "MD5's first round constant"), n(0xe8c7b756n, "MD5's second round constant")],
  },
  {
    of: 'MD5 and SHA-1',
    needs: 2,
    together: 'words of the initial state MD5 and SHA-1 share',
    members: [
      n(0x67452301n, 'the first word of the initial state MD5 and SHA-1 share'),
      n(0xefcdab89n, 'the second word of that initial state'),
      n(0x98badcfen, 'the third word of that initial state'),
      n(0x10325476n, 'the fourth word of that initial state'),
    ],
  },
  {
    of: 'SHA-1',
    needs: 1,
    members: [
      n(0xc3d2e1f0n, "SHA-1's fifth initial word"),
      n(0x5a827999n, "SHA-1's first round constant"),
      n(0x6ed9eba1n, "SHA-1's second round constant"),
      n(0x8f1bbcdcn, "SHA-1's third round constant"),
      n(0xca62c1d6n, "SHA-1's fourth round constant"),
    ],
  },
  {
    of: 'SHA-256',
    needs: 1,
    members: [
      n(0x428a2f98n, "SHA-256's first round constant"),
      n(0x71374491n, "SHA-256's second round constant"),
      n(0x6a09e667n, "SHA-256's first initial hash word (BLAKE2s reuses it)"),
      n(0xbb67ae85n, "SHA-256's second initial hash word (BLAKE2s reuses it)"),
    ],
  },
  {
    of: 'SHA-512',
    needs: 1,
    members: [
      n(0x428a2f98d728ae22n, "SHA-512's first round constant"),
      n(0x6a09e667f3bcc908n, "SHA-512's first initial hash word (BLAKE2b reuses it)"),
    ],
  },
  {
    of: 'FNV',
    needs: 1,
    members: [
      n(0x811c9dc5n, "32-bit FNV's offset basis"),
      n(0x01000193n, "32-bit FNV's prime"),
      n(0xcbf29ce484222325n, "64-bit FNV's offset basis"),
      n(0x100000001b3n, "64-bit FNV's prime"),
    ],
  },
  {
    of: 'MurmurHash3',
    needs: 1,
    members: [
      n(0xcc9e2d51n, "MurmurHash3's first multiplier"),
      n(0x1b873593n, "MurmurHash3's second multiplier"),
      n(0x85ebca6bn, "MurmurHash3's first finalizer multiplier"),
      n(0xc2b2ae35n, "MurmurHash3's second finalizer multiplier"),
      n(0xff51afd7ed558ccdn, "MurmurHash3's 64-bit finalizer multiplier"),
      n(0xc4ceb9fe1a85ec53n, "MurmurHash3's second 64-bit finalizer multiplier"),
    ],
  },
  { of: 'MurmurHash2', needs: 1, members: [n(0x5bd1e995n, "MurmurHash2's multiplier")] },
  {
    of: 'xxHash',
    needs: 1,
    members: [
      n(0x9e3779b1n, "xxHash32's first prime"),
      n(0x85ebca77n, "xxHash32's second prime"),
      n(0xc2b2ae3dn, "xxHash32's third prime"),
      n(0x9e3779b185ebca87n, "xxHash64's first prime"),
      n(0xc2b2ae3d27d4eb4fn, "xxHash64's second prime"),
    ],
  },
  {
    of: 'golden-ratio hashing',
    needs: 1,
    members: [
      n(
        0x9e3779b9n,
        '2^32 divided by the golden ratio, which spreads values evenly (Fibonacci hashing, TEA)',
      ),
      n(
        0x9e3779b97f4a7c15n,
        '2^64 divided by the golden ratio, which spreads values evenly (Fibonacci hashing, SplitMix64)',
      ),
    ],
  },
  { of: 'Adler-32', needs: 1, members: [n(65521n, 'the largest prime below 2^16, the modulus of Adler-32')] },
  {
    of: 'a linear congruential generator',
    needs: 1,
    members: [
      n(0x5deece66dn, 'the multiplier of `java.util.Random` and `drand48`'),
      n(6364136223846793005n, "Knuth's MMIX multiplier, used by PCG"),
      n(1103515245n, "the multiplier of the C standard's sample `rand`"),
    ],
  },
  {
    of: 'Unicode',
    needs: 1,
    members: [
      n(0x10ffffn, 'the largest Unicode code point'),
      n(0xfffdn, 'U+FFFD, the replacement character put in place of bad input'),
      n(0xfeffn, 'U+FEFF, the byte-order mark'),
    ],
  },
  {
    of: 'UTF-16',
    needs: 2,
    together: 'bounds of the UTF-16 surrogate ranges',
    members: [
      n(0xd800n, 'the first high surrogate'),
      n(0xdbffn, 'the last high surrogate'),
      n(0xdc00n, 'the first low surrogate'),
      n(0xdfffn, 'the last low surrogate'),
    ],
  },
  {
    of: 'UTF-8',
    needs: 4,
    together: "markers and masks of UTF-8's byte layout",
    requires: [0x80n, 0x3fn],
    members: [
      n(0x80n, 'the marker of a continuation byte (`10xxxxxx`)'),
      n(0x3fn, 'the mask of the 6 bits a continuation byte carries'),
      n(0xc0n, 'the marker of the first byte of a 2-byte sequence (`110xxxxx`)'),
      n(0xe0n, 'the marker of the first byte of a 3-byte sequence (`1110xxxx`)'),
      n(0xf0n, 'the marker of the first byte of a 4-byte sequence (`11110xxx`)'),
    ],
  },
  {
    of: 'Punycode (RFC 3492)',
    needs: 5,
    together: 'parameters of Punycode (base 36, t_max 26, skew 38, damp 700, initial bias 72)',
    members: [
      n(36n, 'Punycode’s base'),
      n(26n, 'Punycode’s t_max'),
      n(38n, 'Punycode’s skew'),
      n(700n, 'Punycode’s damping factor for the first bias adaptation'),
      n(72n, 'Punycode’s initial bias'),
    ],
  },
  {
    of: 'DEFLATE (RFC 1951)',
    needs: 1,
    members: [
      n(24577n, 'the largest base in the DEFLATE distance table'),
      n(16385n, 'a base in the DEFLATE distance table'),
    ],
  },
  {
    of: 'a file format',
    needs: 1,
    members: [
      n(0x89504e47n, "PNG's signature"),
      n(0x504b0304n, "a ZIP local file header's signature (`PK\\3\\4`)"),
      n(0x04034b50n, "a ZIP local file header's signature (`PK\\3\\4`), read little-endian"),
      n(0x02014b50n, "a ZIP central directory header's signature, read little-endian"),
      n(0x06054b50n, "a ZIP end-of-central-directory record's signature, read little-endian"),
      n(0x7f454c46n, "an ELF file's signature (`\\x7fELF`)"),
      n(0x25504446n, "a PDF file's signature (`%PDF`)"),
    ],
  },
  {
    of: 'time conversion',
    needs: 1,
    members: [
      n(11644473600n, 'the number of seconds from 1601 (the Windows epoch) to 1970 (the Unix epoch)'),
      n(
        116444736000000000n,
        'the number of 100-nanosecond ticks from 1601 (the Windows epoch) to 1970 (the Unix epoch)',
      ),
      n(621355968000000000n, '.NET ticks at 1970-01-01, the Unix epoch'),
      n(62135596800n, 'the number of seconds from year 1 to 1970 (the Unix epoch)'),
      n(2208988800n, 'the number of seconds from 1900 (the NTP epoch) to 1970 (the Unix epoch)'),
      n(86400n, 'the number of seconds in a day'),
      n(86400000n, 'the number of milliseconds in a day'),
    ],
  },
  {
    of: 'a text encoding',
    needs: 1,
    members: [
      {
        value: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
        is: 'the Base64 alphabet (RFC 4648)',
      },
      {
        value: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
        is: 'the URL-safe Base64 alphabet (RFC 4648)',
      },
      { value: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', is: 'the Base32 alphabet (RFC 4648)' },
      { value: '0123456789ABCDEFGHIJKLMNOPQRSTUV', is: 'the base32hex alphabet (RFC 4648)' },
      { value: '0123456789ABCDEFGHJKMNPQRSTVWXYZ', is: "Crockford's Base32 alphabet" },
      { value: 'ybndrfg8ejkmcpqxot1uwisza345h769', is: 'the z-base-32 alphabet' },
      {
        value: '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz',
        is: 'the Base58 alphabet (Bitcoin’s)',
      },
    ],
  },
];

export interface KnownConstant {
  /** The literal as written. */
  readonly text: string;
  /** The name it is declared under outside the unit, when the unit reads it by that name (`surr1`). */
  readonly via?: string;
  readonly line: number;
  /** Its value: a number in hex (`0xedb88320`) or the string. */
  readonly value: string;
  readonly is: string;
}

export interface ConstantFamily {
  readonly of: string;
  readonly together?: string;
  readonly constants: readonly KnownConstant[];
}

/** `0xEDB88320u`, `0xedb8_8320`, `2166136261L`, `0x01000193_u32` → their value; anything else undefined. */
export function numberValue(text: string): bigint | undefined {
  const m = /^(0[xX][0-9a-fA-F_]+|[1-9][\d_]*)(?:[uUlL]{0,3}|_?[ui](?:8|16|32|64|128|size))$/.exec(
    text.trim(),
  );
  if (!m) return undefined;
  try {
    return BigInt(m[1]!.replace(/_/g, ''));
  } catch {
    return undefined;
  }
}

const NUMBER = /integer|number|int_literal|numeric/;
const STRING =
  /^(string|string_literal|interpreted_string_literal|raw_string_literal|string_fragment|string_content|verbatim_string_literal)$/;
const FUNCTION = /function|lambda|arrow|closure|func_literal|method_declaration|method_definition/;

/** A string literal's content without quotes or prefixes; undefined for anything longer than an alphabet. */
function stringValue(node: Node): string | undefined {
  if (node.text.length > 70) return undefined;
  return (
    /^[a-zA-Z@]*(["'`])(.*)\1$/s.exec(node.text)?.[2] ??
    (node.type.includes('fragment') || node.type.includes('content') ? node.text : undefined)
  );
}

/** The most lines a set of common values may spread over. */
const SET_SPAN = 40;

/** A literal's value as the catalogue keys it (`#define`'s text too), or undefined for any other node. */
function literalKey(node: Node): bigint | string | undefined {
  if (NUMBER.test(node.type) || node.type === 'preproc_arg') return numberValue(node.text);
  return STRING.test(node.type) ? stringValue(node) : undefined;
}

export interface NamedLiteral {
  readonly key: bigint | string;
  readonly text: string;
  readonly line: number;
}

/** Declarations that give a name one value: `const X = 1`, Go's `X = 1` in a `const` block, `#define X 1`. */
const NAMING =
  /^(const_spec|var_spec|variable_declarator|preproc_def|const_item|static_item|assignment|init_declarator)$/;

/**
 * The names the snippet gives to literals outside its functions (`surr1 = 0xd800`, `static final int
 * POLY = 0xEDB88320`), for the units that read a constant by its name. A name declared twice is left out.
 */
export function namedLiterals(root: Node): ReadonlyMap<string, NamedLiteral> {
  const out = new Map<string, NamedLiteral | undefined>();
  const nodes = root.doc.nodes;
  for (let id = root.id + 1; id <= root.lastId; id++) {
    const node = nodes[id]!;
    if (FUNCTION.test(node.type)) {
      id = node.lastId;
      continue;
    }
    if (!NAMING.test(node.type)) continue;
    const name =
      node.childForFieldName('name') ??
      node.childForFieldName('left') ??
      node.childForFieldName('declarator');
    let value = node.childForFieldName('value') ?? node.childForFieldName('right');
    // Go's `const_spec` keeps its value in a list of one.
    if (value?.type === 'expression_list' && value.namedChildCount === 1) value = value.namedChildren[0]!;
    if (!name || !value || !/^[A-Za-z_$][\w$]*$/.test(name.text)) continue;
    const key = literalKey(value);
    if (key === undefined) continue;
    const literal = { key, text: value.text.trim(), line: value.startPosition.row + 1 };
    out.set(name.text, out.has(name.text) ? undefined : literal);
  }
  return new Map([...out].filter((e): e is [string, NamedLiteral] => e[1] !== undefined));
}

/**
 * The families whose constants `scope`'s own code writes (functions written inside it left out), or reads
 * by a name `named` holds, each with the constants found, first occurrence of each value.
 */
export function constantsIn(
  scope: Node,
  named: ReadonlyMap<string, NamedLiteral> = new Map(),
): ConstantFamily[] {
  const found = new Map<bigint | string, { text: string; line: number; via?: string }>();
  const nodes = scope.doc.nodes;
  for (let id = scope.id + 1; id <= scope.lastId; id++) {
    const node = nodes[id]!;
    if (FUNCTION.test(node.type)) {
      id = node.lastId;
      continue;
    }
    const key = literalKey(node);
    if (key !== undefined && !found.has(key))
      found.set(key, { text: node.text.trim(), line: node.startPosition.row + 1 });
    const literal = node.childCount === 0 && /identifier/.test(node.type) ? named.get(node.text) : undefined;
    if (literal && !found.has(literal.key))
      found.set(literal.key, { text: literal.text, line: literal.line, via: node.text });
  }
  if (found.size === 0) return [];
  const out: ConstantFamily[] = [];
  for (const family of CONSTANT_FAMILIES) {
    // A set of common values counts only written in hex, close together: `128` among a function's
    // numbers, or `0x80` 1,000 lines from `0xc0`, is no byte layout.
    const counted = (m: Member) => {
      const at = found.get(m.value);
      return at !== undefined && (!family.together || /^0x/i.test(at.text));
    };
    const present = family.members.filter(counted);
    if (present.length < family.needs) continue;
    const rows = present.map((m) => found.get(m.value)!.line);
    if (family.together && Math.max(...rows) - Math.min(...rows) > SET_SPAN) continue;
    if (family.requires && !family.requires.every((v) => present.some((m) => m.value === v))) continue;
    out.push({
      of: family.of,
      ...(family.together ? { together: family.together } : {}),
      constants: present.map((m) => ({
        ...found.get(m.value)!,
        value: typeof m.value === 'bigint' ? `0x${m.value.toString(16)}` : m.value,
        is: m.is,
      })),
    });
  }
  return out;
}
