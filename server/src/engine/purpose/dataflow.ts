/**
 * Data flow inside a unit: where its inputs come from besides its parameters
 * (the request of a web framework, the environment, the command line,
 * standard input), which fields it assigns, which parameters it changes in
 * place, and where Rust's `?` propagates errors. Read from the unit's own
 * lines; nested units are left to their own facts.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';

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
}

export interface DataFlow {
  readonly inputs: readonly InputRead[];
  readonly fieldWrites: readonly Write[];
  readonly mutatedParams: readonly Write[];
  /** Lines where `?` returns an error to the caller (Rust). */
  readonly propagates: readonly number[];
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

/** Calls that change the object they are called on. */
const MUTATORS =
  /^(sort|reverse|append|push|pop|shift|unshift|splice|extend|insert|remove|clear|update|add|delete|set|put|fill|setdefault|discard|popitem|Add|Remove|Clear|Insert|Sort|Reverse|AddRange|RemoveAt)$/;

/** Lines of the unit that are not inside a nested unit: each with its 1-based number. */
function ownLines(unit: Node, nested: readonly Node[]): Array<{ text: string; line: number }> {
  const first = unit.startPosition.row;
  const hidden = new Set<number>();
  for (const n of nested) for (let r = n.startPosition.row + 1; r <= n.endPosition.row; r++) hidden.add(r);
  return unit.text
    .split('\n')
    .map((text, i) => ({ text, line: first + i + 1 }))
    .filter(({ line }) => !hidden.has(line - 1));
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
/** Library calls that reorder or fill the collection they are given. */
const IN_PLACE_CALL =
  /\b(sort\.(?:Slice|SliceStable|Strings|Ints|Sort)|slices\.Sort\w*|Collections\.(?:sort|shuffle|reverse)|Arrays\.(?:sort|fill)|random\.shuffle|Array\.Sort|Array\.Reverse)\(\s*([A-Za-z_$][\w$]*)/g;

/**
 * How a line changes each of `names` in place, where it does: a mutating
 * method called on it, a write through an index, or a library call that
 * sorts or fills it, in that order of preference; the first of each kind.
 */
function paramChanges(text: string, names: ReadonlySet<string>): Map<string, string> {
  const how = new Map<string, string>();
  for (const m of text.matchAll(METHOD_CALL))
    if (names.has(m[1]!) && !how.has(m[1]!) && MUTATORS.test(m[2]!)) how.set(m[1]!, `${m[1]}.${m[2]}`);
  if (how.size === names.size) return how;
  for (const m of text.matchAll(INDEX_WRITE)) if (names.has(m[1]!) && !how.has(m[1]!)) how.set(m[1]!, m[0]);
  if (how.size === names.size) return how;
  for (const m of text.matchAll(IN_PLACE_CALL))
    if (names.has(m[2]!) && !how.has(m[2]!)) how.set(m[2]!, m[1]!);
  return how;
}

export function dataFlowOf(unit: Node, params: readonly string[], nested: readonly Node[]): DataFlow {
  const lines = ownLines(unit, nested);
  const inputs: InputRead[] = [];
  const fieldWrites: Write[] = [];
  const mutatedParams: Write[] = [];
  const seenInputs = new Set<string>();
  const seenFields = new Set<string>();
  const seenParams = new Set<string>();
  const watched = params.filter((p) => /^[A-Za-z_$][\w$]*$/.test(p) && !/^(self|this|cls)$/.test(p));
  for (const { text, line } of lines) {
    // Comments and strings could hold any of these words; a line that is only a comment says nothing.
    if (/^\s*(#|\/\/|\*|\/\*)/.test(text)) continue;
    if (MAY_READ_INPUT.test(text))
      for (const [kind, re] of INPUTS) {
        const found = firstMatch(text, re);
        if (found && !seenInputs.has(found) && inputs.length < 12) {
          seenInputs.add(found);
          inputs.push({ kind, text: found.trim(), line });
        }
      }
    const field = /\b((?:self|this)\.\w+)\s*(?:[-+*/|&]?=)(?!=)/.exec(text);
    if (field && !seenFields.has(field[1]!) && fieldWrites.length < 12) {
      seenFields.add(field[1]!);
      fieldWrites.push({ target: field[1]!, text: text.trim().replace(/;$/, ''), line });
    }
    const unseen = watched.filter((p) => !seenParams.has(p) && text.includes(p));
    if (unseen.length > 0) {
      const changes = paramChanges(text, new Set(unseen));
      for (const p of unseen) {
        const how = changes.get(p);
        if (how === undefined) continue;
        seenParams.add(p);
        mutatedParams.push({ target: p, text: how.trim(), line });
      }
    }
  }
  const propagates = unit
    .descendantsOfType(['try_expression'])
    .filter((n) => !nested.some((u) => n.startIndex >= u.startIndex && n.endIndex <= u.endIndex))
    .map((n) => n.startPosition.row + 1);
  return { inputs, fieldWrites, mutatedParams, propagates: [...new Set(propagates)] };
}
