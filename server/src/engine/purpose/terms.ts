/**
 * Terms of art a unit's name is made of: `toposort`, `base58`, `ArrayDeque`, `depack`, `plist`. A reader
 * who meets one needs what it means to know what the code is for, and no part of the tree says it: the
 * term is read from the name's own words (never guessed from a resemblance), and what it means is the
 * field's standard definition. Said as what the name refers to, so it stays true of a misnamed unit.
 */
import { wordsOf } from './words.js';

export interface Term {
  /** The term, as a reader would look it up. */
  readonly term: string;
  /** What it means, in one clause. */
  readonly meaning: string;
  /** The words of the name that make it, as written there (lower case). */
  readonly words: string;
}

interface Entry {
  /** Matched against the name's words joined by one space, lower case. */
  readonly pattern: RegExp;
  readonly term: (m: RegExpExecArray) => string;
  readonly meaning: (m: RegExpExecArray) => string;
}

const fixed = (term: string, meaning: string) => ({ term: () => term, meaning: () => meaning });

/**
 * Only terms with one meaning in code: `heap`, `pack`, `filter`, `bloom` (a glow) or `inflate` (a layout)
 * could be any of several things. Each term carries its article: "a deque", "base58 encoding".
 */
const ENTRIES: readonly Entry[] = [
  {
    pattern: /\b(topo ?sort|top ?sort|topological(?: sort| order)?)\b/,
    ...fixed(
      'a topological sort',
      "an order of a graph's nodes in which every node comes before the nodes its edges lead to",
    ),
  },
  {
    pattern: /\bbase ?(16|32|36|58|62|64|85)\b/,
    term: (m) => `base${m[1]} encoding`,
    meaning: (m) => `bytes written as text in an alphabet of ${m[1]} characters, and read back from it`,
  },
  {
    pattern: /\bdeque\b/,
    ...fixed('a deque', 'a double-ended queue, which adds and removes items at both of its ends'),
  },
  {
    pattern: /\b(de ?pack|decompress(?:ion|or)?|uncompress|lz77|lzss|lz4|lzma)\b/,
    ...fixed('decompression', 'rebuilding the original bytes from a compressed stream'),
  },
  {
    pattern: /\bplist\b/,
    ...fixed(
      'a property list',
      "Apple's XML or binary file format for nested dictionaries, arrays, strings, numbers, dates and data",
    ),
  },
  {
    pattern: /\btar(?: ?file| ?info)?\b/,
    ...fixed(
      'a tar archive',
      'a format that bundles many files, with their names, modes, owners and links, into one',
    ),
  },
  {
    pattern: /\b(unquote|unescape)\b/,
    term: (m) => (m[1] === 'unquote' ? 'unquoting' : 'unescaping'),
    meaning: () => 'turning a quoted or escaped text back into the characters its escapes stand for',
  },
  {
    pattern: /\bcrc(?: ?(8|16|32|64))?\b/,
    term: (m) => `CRC${m[1] ? `-${m[1]}` : ''}`,
    meaning: () => 'a cyclic redundancy check, a checksum that detects accidental changes to data',
  },
  // Before plain Levenshtein: the first entry that matches names the term.
  {
    pattern: /\bdamerau(?: levenshtein)?\b/,
    ...fixed(
      'the Damerau–Levenshtein distance',
      'the fewest inserts, deletes, substitutions and swaps of two adjacent items that turn one sequence (such as a string) into another',
    ),
  },
  {
    pattern: /\b(?:osa|optimal string alignment)(?: distance)?\b/,
    ...fixed(
      'the optimal string alignment distance',
      'the Damerau–Levenshtein distance restricted so that no part of the string is edited more than once',
    ),
  },
  {
    pattern: /\blevenshtein\b/,
    ...fixed(
      'the Levenshtein distance',
      'the fewest single-character inserts, deletes and substitutions that turn one string into another',
    ),
  },
  {
    pattern: /\bdijkstra\b/,
    ...fixed(
      "Dijkstra's algorithm",
      'shortest paths from one node of a graph whose edges have non-negative weights',
    ),
  },
  {
    pattern: /\btrie\b/,
    ...fixed('a trie', 'a tree keyed by the characters of strings, one level per character'),
  },
  {
    pattern: /\blru\b/,
    ...fixed('an LRU cache', 'a cache that, when full, drops the entry used longest ago'),
  },
  {
    pattern: /\bhuffman\b/,
    ...fixed(
      'Huffman coding',
      'a code that gives frequent symbols short bit strings and rare ones long ones',
    ),
  },
  {
    pattern: /\bpunycode\b/,
    ...fixed('Punycode', 'the ASCII form of Unicode domain-name labels (`xn--…`)'),
  },
  {
    pattern: /\b(ring ?buffer|ring ?buf|circular ?buffer)\b/,
    ...fixed('a ring buffer', 'a fixed array used as a queue whose ends wrap around'),
  },
  {
    pattern: /\b(union ?find|disjoint ?set)\b/,
    ...fixed('union-find', 'sets merged by a shared representative, answering "same set?" quickly'),
  },
  {
    pattern:
      /\b(quick ?sort|merge ?sort|heap ?sort|insertion ?sort|bubble ?sort|radix ?sort|shell ?sort|tim ?sort)\b/,
    term: (m) => m[1]!.replace(/ ?sort$/, ' sort'),
    meaning: () => 'a sorting algorithm',
  },
  {
    pattern: /\b(varint|leb ?128|uvarint)\b/,
    ...fixed(
      'a variable-length integer',
      'an integer stored in as few bytes as its size needs, 7 bits per byte',
    ),
  },
  {
    pattern: /\butf ?(8|16)\b/,
    term: (m) => `UTF-${m[1]}`,
    meaning: (m) =>
      m[1] === '8'
        ? 'Unicode text stored as 1 to 4 bytes per character'
        : 'Unicode text stored as one or two 16-bit units per character',
  },
  {
    pattern: /\b(fnmatch|glob)\b/,
    ...fixed('a wildcard pattern', 'a shell-style pattern where `*` and `?` stand for any characters'),
  },
  {
    pattern: /\bsemver\b/,
    ...fixed('semantic versioning', 'versions as major.minor.patch, compared part by part'),
  },
  {
    pattern: /\b(bfs|breadth first)\b/,
    ...fixed('breadth-first search', 'visiting a graph level by level from where it starts'),
  },
  {
    pattern: /\b(dfs|depth first)\b/,
    ...fixed(
      'depth-first search',
      'visiting a graph by following each path as deep as it goes before backing up',
    ),
  },
  {
    pattern: /\b(kmp|knuth morris pratt|boyer moore|rabin karp)\b/,
    term: (m) =>
      m[1] === 'kmp'
        ? 'Knuth–Morris–Pratt'
        : m[1]!.replace(/\b\w/g, (c) => c.toUpperCase()).replace(' ', '–'),
    meaning: () => 'a string-search algorithm that avoids comparing the text again from every position',
  },
  {
    pattern: /\b(siphash|murmur(?: ?hash)?\d*|fnv(?: ?\d+a?)?|djb2|xxhash(?: ?\d+)?)\b/,
    term: (m) => {
      const w = m[1]!.replace(/ /g, '');
      const family = /^murmur/.test(w)
        ? 'MurmurHash'
        : /^fnv/.test(w)
          ? 'FNV'
          : /^xxhash/.test(w)
            ? 'xxHash'
            : w === 'siphash'
              ? 'SipHash'
              : 'djb2';
      return `the ${family} hash`;
    },
    meaning: () => 'a fast hash function, not made to resist attackers',
  },
  {
    pattern: /\b(msgpack|message pack)\b/,
    ...fixed('MessagePack', 'a compact binary serialisation format for JSON-like data'),
  },
  {
    pattern: /\bcbor\b/,
    ...fixed('CBOR', 'a compact binary serialisation format for JSON-like data (RFC 8949)'),
  },
  { pattern: /\bbencode\b/, ...fixed('bencode', "BitTorrent's serialisation format") },
  {
    pattern: /\basn ?1\b/,
    ...fixed('ASN.1', 'a notation for data structures, here with its binary encoding rules (BER/DER)'),
  },
  {
    pattern: /\bjwt\b/,
    ...fixed('a JWT', 'a JSON Web Token, a signed set of claims passed between services'),
  },
  {
    pattern: /\bhmac\b/,
    ...fixed('HMAC', 'a message authentication code made from a hash and a secret key'),
  },
];

/** The term of art the name is made of, if it names one this catalogue knows. */
export function termOf(name: string): Term | undefined {
  const joined = wordsOf(name).join(' ');
  for (const e of ENTRIES) {
    const m = e.pattern.exec(joined);
    if (m) return { term: e.term(m), meaning: e.meaning(m), words: m[0] };
  }
  return undefined;
}

/** Whether `name`, read as the catalogue reads it, is made of `words`: the audit's second look. */
export function nameHolds(name: string, words: string): boolean {
  return ` ${wordsOf(name).join(' ')} `.includes(` ${words} `);
}
