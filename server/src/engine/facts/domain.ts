/**
 * The words a snippet's names use most: the overview says what the code is
 * about (orders, customers, tokens) in the code's own words.
 */
import type { Snapshot, SnapshotNode } from '../parsing/snapshot.js';
import { wordsOf } from '../purpose/index.js';

/** Words that name programming, not a domain. */
const GENERIC = new Set(
  `the and for with from into this that self cls args kwargs arg param params value values val var tmp temp res result results ret data item items obj object elem element str string int num number len length size count index idx key keys list array map dict set get has new old err error errors exception ctx context func function fn callback cb handler opts options option config cfg util utils helper impl init main test type types name names node nodes out input output buf buffer max min lhs rhs left right first last next prev start end begin pos offset flag flags info msg message state status ok true false null none nil not void return println printf print log logger console string0 java lang util io os sys fmt http json len append make push pop add sub run call bool boolean float double char byte long short auto const let def class public private static final string_ std vec box option some ref mut`.split(
    ' ',
  ),
);

/** At most this many words. */
const MAX_WORDS = 4;

/** `imports`: the import statements, in document order, whose names (`System`, `java.util`) are no domain. */
export function domainWords(snapshot: Snapshot, imports: readonly SnapshotNode[] = []): string[] {
  const counts = new Map<string, number>();
  const seenNames = new Set<string>();
  // A name recurs far more often than it is new: split each once.
  const wordsByName = new Map<string, readonly string[]>();
  // Whether a node type names something, asked once per type: a snippet has many nodes and few types.
  const naming = new Map<string, boolean>();
  const nodes = snapshot.nodes;
  let nextImport = 0;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (imports[nextImport]?.id === i) {
      i = imports[nextImport++]!.lastId;
      continue;
    }
    if (!node.named) continue;
    let names = naming.get(node.type);
    if (names === undefined) {
      names = /identifier$|^(name|constant|field_identifier|property_identifier|type_identifier)$/.test(
        node.type,
      );
      naming.set(node.type, names);
    }
    if (!names) continue;
    if (node.children.length > 0) continue;
    const text = node.text;
    if (text.length < 3 || seenNames.size > 5000) continue;
    // Each distinct name counts once per occurrence, its words once each.
    seenNames.add(text);
    let words = wordsByName.get(text);
    if (words === undefined) {
      words = [...new Set(wordsOf(text))].filter((w) => w.length >= 3 && !GENERIC.has(w) && !/^\d/.test(w));
      wordsByName.set(text, words);
    }
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  // "orders" and "order" are one word of the domain.
  for (const [word, n] of [...counts]) {
    const singular = word.endsWith('ies')
      ? `${word.slice(0, -3)}y`
      : word.endsWith('s')
        ? word.slice(0, -1)
        : undefined;
    if (singular && counts.has(singular)) {
      counts.set(singular, (counts.get(singular) ?? 0) + n);
      counts.delete(word);
    }
  }
  return [...counts.entries()]
    .filter(([, n]) => n >= 3)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, MAX_WORDS)
    .map(([w]) => w);
}
