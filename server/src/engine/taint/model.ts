/**
 * Taint: where a dangerous value comes from (a source), which names carry it,
 * and which call receives it (a sink). Each language module describes its
 * sources, sinks and sanitisers in a `TaintCatalogue`; the analysis here reads
 * those catalogues and holds no per-language table of its own.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';

/** What a sink does with its value; a sanitiser clears one or more of these. */
export type SinkKind =
  'sql' | 'shell' | 'eval' | 'html' | 'path' | 'url' | 'redirect' | 'deserialise' | 'log';

export const SINK_KINDS: readonly SinkKind[] = [
  'sql',
  'shell',
  'eval',
  'html',
  'path',
  'url',
  'redirect',
  'deserialise',
  'log',
];

/**
 * `untrusted`: request input, argv, environment, stdin, a file's contents or a
 * route handler's parameter. `parameter`: a plain function parameter, whose
 * callers may or may not pass input. `stored`: a value read back from a
 * database, which earlier requests may have written; only stored XSS asks
 * for these (a query's result is no reason to distrust a path or a query).
 */
export type SourceKind = 'untrusted' | 'parameter' | 'stored';

/** An expression that yields outside input: `request.args`, `req.query`, `os.Args`. */
export interface SourcePattern {
  /** Matched at the start of an expression's text; the match (trimmed of a trailing `(`) names the source. */
  readonly pattern: RegExp;
  /** Whoever sends a request chooses it (request objects, the page's URL), unlike argv or the environment. */
  readonly remote?: boolean;
  /** A database read (`cursor.fetchone()`, `rs.getString`): its origins are `stored`, left out unless asked for. */
  readonly stored?: boolean;
}

/** Which of a sink call's values reach the dangerous operation. */
export type SinkArgument = number | 'last' | 'all' | 'receiver';

export interface SinkPattern {
  readonly kind: SinkKind;
  /** Matched against the whole callee as written (`fs.readFile`, `os.Open`); constructors by their type (`File`). */
  readonly callee: RegExp;
  readonly argument: SinkArgument;
  /** Only when one of the snippet's imports matches: a bare `redirect` is Flask's only with Flask imported. */
  readonly requires?: RegExp;
  /** Only when the call's text matches: `subprocess.run(…, shell=True)`. */
  readonly when?: RegExp;
  /** The call is safe when its text matches: `res.sendFile(name, { root })` keeps the file under `root`. */
  readonly unless?: RegExp;
}

/** A call whose result is safe for some sinks: `shlex.quote` for a shell, `html.escape` for HTML. */
export interface SanitiserPattern {
  readonly callee: RegExp;
  /** `all`: the result holds no text an attacker chose (`int(x)`, `parseInt(x)`). */
  readonly clears: readonly SinkKind[] | 'all';
}

/**
 * A condition that, written before the sink, checks the value: a containment
 * check (`resolved.startsWith(base)`) for paths, an allow-list of hosts for URLs.
 */
export interface GuardPattern {
  readonly test: RegExp;
  readonly clears: readonly SinkKind[];
  /** The checked value must have gone through a normaliser (`realpath`, `path.resolve`) first. */
  readonly needsNormalised?: boolean;
}

export interface TaintCatalogue {
  readonly sources: readonly SourcePattern[];
  readonly sinks: readonly SinkPattern[];
  readonly sanitisers: readonly SanitiserPattern[];
  /** Calls that normalise a path (`os.path.realpath`, `path.resolve`, `filepath.Clean`). */
  readonly normalisers: RegExp;
  readonly guards: readonly GuardPattern[];
  /** Parameters that hold a framework's objects rather than values: `self`, `req`, `ctx`. */
  readonly objectParameters: RegExp;
  /**
   * When a parameter is request input by its declaration (a FastAPI route's
   * parameter, Spring's `@RequestParam`), the words naming where it comes from.
   */
  readonly handlerParameter?: (name: string, declaration: Node, unit: Node) => string | undefined;
  /**
   * When a parameter is outside input an operator rather than a request
   * sender chooses (a program's command-line arguments), the words naming it.
   */
  readonly programParameter?: (name: string, declaration: Node, unit: Node) => string | undefined;
  /**
   * Outside input a name holds with no declaration anywhere in the snippet
   * (C#'s top-level statements see the command line as `args`), and the
   * words naming it; an operator chooses it, not a request sender.
   */
  readonly implicitName?: (name: string, at: Node) => string | undefined;
  /**
   * Calls that copy what their receiver holds into the variables their
   * `&name` arguments point to: Go's `rows.Scan(&title, &body)`.
   */
  readonly writesThrough?: RegExp;
}

/** Where a tainted value started. */
export interface Source {
  /** Code quoted in messages: `request.args`, or for a parameter its name. */
  readonly text: string;
  /** How messages name it: "`request.args`", "the parameter `host` of `fetch_page`". */
  readonly description: string;
  readonly line: number;
  readonly kind: SourceKind;
  /** Chosen by whoever sends a request: a request object, a route handler's parameter, the page's URL. */
  readonly remote: boolean;
}

/** A value that carries taint, and what it went through on the way. */
export interface Origin {
  readonly source: Source;
  /** Names the value passed through, source side first: [`name`, `file`]. */
  readonly chain: readonly string[];
  /** Sink kinds a sanitiser made it safe for. */
  readonly sanitised: ReadonlySet<SinkKind>;
  /** It went through a path normaliser. */
  readonly normalised: boolean;
}

/** A tainted value arriving at a sink. */
export interface Flow {
  readonly kind: SinkKind;
  /** The sink call (or constructor). */
  readonly sink: Node;
  /** The callee as written: `fs.readFile`, `File`. */
  readonly callee: string;
  /** The argument (or receiver) carrying the value. */
  readonly value: Node;
  readonly origin: Origin;
}
