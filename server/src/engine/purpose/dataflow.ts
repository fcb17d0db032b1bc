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

/** Calls that change the object they are called on. */
const MUTATORS =
  /^(sort|reverse|append|push|pop|shift|unshift|splice|extend|insert|remove|clear|update|add|delete|set|put|fill|setdefault|discard|popitem|Add|Remove|Clear|Insert|Sort|Reverse|AddRange|RemoveAt)$/;

const escape = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

export function dataFlowOf(unit: Node, params: readonly string[], nested: readonly Node[]): DataFlow {
  const lines = ownLines(unit, nested);
  const inputs: InputRead[] = [];
  const fieldWrites: Write[] = [];
  const mutatedParams: Write[] = [];
  const seenInputs = new Set<string>();
  const seenFields = new Set<string>();
  const seenParams = new Set<string>();
  const paramRes = params
    .filter((p) => /^[A-Za-z_$][\w$]*$/.test(p) && !/^(self|this|cls)$/.test(p))
    .map((p) => ({
      p,
      method: new RegExp(`\\b${escape(p)}\\s*\\.\\s*(\\w+)\\s*\\(`, 'g'),
      index: new RegExp(`(?<![\\w.])${escape(p)}\\s*\\[[^\\]]+\\]\\s*(?:[-+*/]?=)(?!=)`),
      sortCall: new RegExp(
        `\\b(?:sort\\.(?:Slice|SliceStable|Strings|Ints|Sort)|slices\\.Sort\\w*|Collections\\.(?:sort|shuffle|reverse)|Arrays\\.(?:sort|fill)|random\\.shuffle|Array\\.Sort|Array\\.Reverse)\\(\\s*${escape(p)}\\b`,
      ),
    }));
  for (const { text, line } of lines) {
    // Comments and strings could hold any of these words; a line that is only a comment says nothing.
    if (/^\s*(#|\/\/|\*|\/\*)/.test(text)) continue;
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
    for (const { p, method, index, sortCall } of paramRes) {
      if (seenParams.has(p)) continue;
      let how: string | undefined;
      for (const m of text.matchAll(method)) if (MUTATORS.test(m[1]!)) how ??= `${p}.${m[1]}`;
      how ??= firstMatch(text, index) ?? firstMatch(text, sortCall)?.replace(/\(.*$/, '');
      if (how) {
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
