/**
 * The purpose corpus: real functions in the five tier-1 languages, cut at test
 * time from installed sources (Debian's Python standard library, the JDK's
 * src.zip from Debian's openjdk-17-source, Go's standard library, packages in
 * node_modules). For each, the words its overview must contain, drawn from its
 * own doc comment or body. The test prints the pass rate and needs 85 %.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LanguageId } from '@code-explain/shared';
import { AUDIENCES, MODES, explainRequestSchema } from '@code-explain/shared';
import { createEngine } from '../../src/engine/engine.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { cutUnit, type CorpusSource } from './support/corpus.js';
import { ungrounded } from './support/grounded.js';

const require = createRequire(import.meta.url);

const PY = '/usr/lib/python3.11';
const GO = '/usr/local/go/src';
const JDK_ZIP = '/usr/lib/jvm/openjdk-17/src.zip';
const pkg = (name: string) => dirname(require.resolve(`${name}/package.json`));
/** A dependency of a dependency (`qs` of express): resolved from where that package is installed. */
const pkgOf = (parent: string, name: string) =>
  dirname(createRequire(join(realpathSync(pkg(parent)), 'package.json')).resolve(`${name}/package.json`));
/** mongodb is mongoose's dependency: resolved from where mongoose is installed. */
const mongodbSrc = () => join(dirname(realpathSync(pkg('mongoose'))), 'mongodb', 'src');

interface Case extends Omit<CorpusSource, 'file'> {
  readonly file: () => string;
  /** Words (lower case) its overview must contain. */
  readonly words: readonly string[];
}

const py = (file: string, unit: string, words: string[]): Case => ({
  language: 'python',
  file: () => `${PY}/${file}`,
  unit,
  words,
});
const go = (file: string, unit: string, words: string[]): Case => ({
  language: 'go',
  file: () => `${GO}/${file}`,
  unit,
  words,
});
let jdkDir = '';
const java = (file: string, unit: string, words: string[], contains?: string): Case => ({
  language: 'java',
  file: () => join(jdkDir, 'java.base', file),
  unit,
  words,
  ...(contains ? { contains } : {}),
});
const js = (pkgName: string, file: string, unit: string, words: string[], contains?: string): Case => ({
  language: 'javascript',
  file: () => join(pkg(pkgName), file),
  unit,
  words,
  ...(contains ? { contains } : {}),
});
const qs = (unit: string, words: string[]): Case => ({
  language: 'javascript',
  file: () => join(pkgOf('express', 'qs'), 'lib', 'utils.js'),
  unit,
  words,
});
/** A package installed as a dependency of dependencies: `['express', 'debug', 'ms']` is express's debug's ms. */
const jsDep = (
  chain: readonly string[],
  file: string,
  unit: string,
  words: string[],
  contains?: string,
): Case => ({
  language: 'javascript',
  file: () => {
    let dir = realpathSync(pkg(chain[0]!));
    for (const name of chain.slice(1))
      dir = realpathSync(dirname(createRequire(join(dir, 'package.json')).resolve(`${name}/package.json`)));
    return join(dir, file);
  },
  unit,
  words,
  ...(contains ? { contains } : {}),
});
const ts = (file: string, unit: string, words: string[]): Case => ({
  language: 'typescript',
  file: () => join(mongodbSrc(), file),
  unit,
  words,
});

const CORPUS: readonly Case[] = [
  py('shlex.py', 'quote', ['shell-escaped', 'string']),
  py('textwrap.py', 'dedent', ['leading whitespace', 'line']),
  py('textwrap.py', 'indent', ['prefix', 'lines']),
  py('queue.py', 'Queue.put', ['item', 'queue']),
  py('queue.py', 'Queue.get', ['remove', 'item', 'queue']),
  py('queue.py', 'Queue.task_done', ['task']),
  py('base64.py', 'b64encode', ['encode', 'base64']),
  py('posixpath.py', 'join', ['join', 'pathname components']),
  py('fnmatch.py', 'fnmatch', ['filename', 'pattern']),
  py('heapq.py', 'heappush', ['push', 'heap']),
  py('bisect.py', 'insort_right', ['insert', 'sorted']),
  py('statistics.py', 'mean', ['mean', 'data']),
  py('glob.py', 'escape', ['escape', 'special characters']),
  py('html/__init__.py', 'escape', ['special characters', 'html-safe']),
  py('calendar.py', 'isleap', ['leap years']),
  py('difflib.py', 'get_close_matches', ['matches']),
  py('ipaddress.py', 'ip_address', ['ip']),
  py('secrets.py', 'token_hex', ['random', 'hexadecimal']),
  py('tempfile.py', 'mkdtemp', ['temporary', 'directory']),
  py('functools.py', 'cmp_to_key', ['key']),
  py('random.py', 'Random.shuffle', ['shuffle', 'list']),

  java('java/util/Collections.java', 'Collections.reverse', ['reverses', 'order', 'list']),
  java('java/util/Collections.java', 'Collections.frequency', ['number of elements', 'collection']),
  java('java/util/Collections.java', 'Collections.swap', ['swaps', 'elements']),
  java('java/util/Collections.java', 'Collections.shuffle', ['permutes', 'list'], 'shuffle(List<?> list)'),
  java('java/util/Arrays.java', 'Arrays.binarySearch', ['binary search', 'array'], 'int[] a, int key)'),
  java('java/util/Arrays.java', 'Arrays.toString', ['string representation', 'array'], 'int[] a)'),
  java('java/util/Objects.java', 'Objects.requireNonNull', ['object reference', 'null'], 'T obj)'),
  java('java/util/Objects.java', 'Objects.isNull', ['null']),
  java('java/util/ArrayList.java', 'ArrayList.trimToSize', ['capacity', 'size']),
  java('java/util/ArrayList.java', 'ArrayList.ensureCapacity', ['capacity']),
  java('java/util/Optional.java', 'Optional.orElse', ['value', 'present']),
  java('java/util/StringJoiner.java', 'StringJoiner.add', ['adds', 'element']),
  java('java/util/BitSet.java', 'BitSet.cardinality', ['number of bits']),
  java('java/util/UUID.java', 'UUID.randomUUID', ['uuid']),
  java('java/util/HashMap.java', 'HashMap.hash', ['hashcode', 'bits']),
  java('java/util/ArrayDeque.java', 'ArrayDeque.addFirst', ['inserts', 'front']),
  java('java/lang/Integer.java', 'Integer.bitCount', ['one-bits']),
  java('java/lang/String.java', 'String.isBlank', ['empty', 'white space']),

  go('strings/strings.go', 'TrimSpace', ['leading and trailing white space']),
  go('strings/strings.go', 'Repeat', ['copies']),
  go('strings/strings.go', 'HasPrefix', ['prefix']),
  go('strings/strings.go', 'Fields', ['white space']),
  go('path/path.go', 'Clean', ['shortest path name']),
  go('path/path.go', 'Ext', ['extension']),
  go('path/path.go', 'Base', ['last element']),
  go('net/url/url.go', 'QueryEscape', ['escapes', 'url query']),
  go('io/io.go', 'ReadAll', ['reads', 'eof']),
  go('os/env.go', 'Getenv', ['environment variable']),
  go('html/escape.go', 'EscapeString', ['escapes', 'special characters']),
  go('sort/search.go', 'Search', ['binary search']),
  go('strconv/quote.go', 'Quote', ['quoted', 'string literal']),
  go('errors/wrap.go', 'Is', ['error', 'matches']),
  go('bytes/bytes.go', 'Equal', ['same length', 'bytes']),
  go('net/http/server.go', 'Error', ['replies', 'error message']),
  go('unicode/letter.go', 'IsUpper', ['upper case']),
  go('time/time.go', 'Since', ['time elapsed']),

  js('lodash', 'debounce.js', 'debounce', ['debounced function', 'delays']),
  js('lodash', 'throttle.js', 'throttle', ['throttled function']),
  js('lodash', 'chunk.js', 'chunk', ['array', 'groups', 'size']),
  js('lodash', 'uniq.js', 'uniq', ['duplicate-free']),
  js('lodash', 'memoize.js', 'memoize', ['memoizes']),
  js('lodash', 'clamp.js', 'clamp', ['clamps', 'bounds']),
  js('lodash', 'escape.js', 'escape', ['html entities']),
  js('lodash', 'camelCase.js', '<anonymous function in createCompounder()>', ['camel case']),
  js('lodash', 'flatten.js', 'flatten', ['flattens', 'array']),
  js('express', 'lib/utils.js', 'exports.normalizeType', ['normalize', 'type']),
  js('express', 'lib/utils.js', 'setCharset', ['charset', 'content-type']),
  js('express', 'lib/utils.js', 'createETagGenerator', ['etag generator']),
  js('express', 'lib/response.js', 'status', ['status']),

  ts('utils.ts', 'isUint8Array', ['uint8array', 'buffer']),
  ts('utils.ts', 'hostMatchesWildcards', ['address', 'wildcards']),
  ts('utils.ts', 'setDifference', ['items', 'seta']),
  ts('utils.ts', 'enumToString', ['joins', 'string']),
  ts('utils.ts', 'shuffle', ['shuffle', 'sequence']),
  ts('utils.ts', 'uuidV4', ['uuidv4']),
];

/**
 * Real functions with no doc comment of their own, each cut as written (nothing removed). The words
 * are what the code shows it is for, in the terms a reader needs: what it answers, builds or checks.
 */
const UNDOCUMENTED: readonly Case[] = [
  py('shutil.py', '_destinsrc', ['whether', '`dst` starts with `src`']),
  py('shutil.py', '_samefile', ['same file']),
  py('shutil.py', '_find_unpack_format', ['searches', 'first match']),
  py('email/utils.py', '_pre_parse_validation', ['collects', 'pass a test']),
  py('email/utils.py', '_check_parenthesis', ['whether', '`opens`']),
  py('configparser.py', 'RawConfigParser.__setitem__', ['obj[key] = value']),
  py('configparser.py', 'RawConfigParser.__delitem__', ['del obj[key]']),
  py('gettext.py', 'NullTranslations.__init__', ['each new object']),
  py('gettext.py', '_expand_lang', ['collects', '`ret`']),
  go('mime/mediatype.go', 'ishex', ["between `'0'` and `'9'`", "`'a'` and `'f'`"]),
  go('mime/mediatype.go', 'unhex', ["`c - '0'`", "`c - 'a' + 10`"]),
  go('mime/mediatype.go', 'checkMediaTypeDisposition', ['`errnomediatype`', '`nil`']),
  go('encoding/csv/reader.go', 'ParseError.Error', ['message the error reports']),
  go('net/http/cookie.go', 'sanitizeOrWarn', ['writes to the log', '`valid`']),
  go('net/http/cookie.go', 'cookieNumWithinMax', ['`cookienum`', '`defaultcookiemaxnum`']),
  qs('isRegExp', ['whether', '[object regexp]']),
  qs('maybeMap', ['builds', 'each item']),
  qs('isBuffer', ['whether']),
  qs('compactQueue', ['undefined']),
  ts('utils.ts', 'isSuperset', ['every item', '`subset`']),
  ts('utils.ts', 'csotMin', ['smaller']),
  ts('utils.ts', 'parseUnsignedInteger', ['at least `0`', '`null`']),
  java('java/util/StringTokenizer.java', 'StringTokenizer.isDelimiter', [
    'any item',
    '`delimitercodepoints`',
  ]),
  // Sampled the same way on 2026-11-29 (a seeded random pick of 4–30-line functions with no doc
  // comment, from files not used above), the words written from reading the code before the
  // engine was run on it.
  py('urllib/parse.py', '_Quoter.__missing__', ['missing key']),
  py('urllib/parse.py', 'splitport', ['deprecated', '`_splitport`']),
  py('csv.py', 'DictReader.fieldnames', ['_fieldnames', 'first']),
  py('csv.py', 'DictWriter._dict_to_list', ['`fieldnames`']),
  py('ntpath.py', 'splitext', ['`genericpath._splitext`']),
  py('ntpath.py', '_get_bothseps', ['bytes']),
  py('pprint.py', 'PrettyPrinter._format_dict_items', ['writes', '`items`']),
  py('pprint.py', 'PrettyPrinter._pprint_list', ['writes', "'['"]),
  py('http/cookies.py', 'Morsel.set', ['`key`', '`cookieerror`']),
  py('http/cookies.py', 'Morsel.__setitem__', ['obj[key] = value']),
  py('http/cookies.py', 'Morsel.__setstate__', ['pickl']),
  py('string.py', 'Template.get_identifiers', ['collects', '`ids`']),
  py('string.py', 'Formatter.get_value', ['`args[key]`', '`kwargs[key]`']),
  go('encoding/hex/hex.go', 'toChar', ["`'.'`"]),
  go('encoding/hex/hex.go', 'encoder.Write', ['`e.w`', 'chunk']),
  go('unicode/utf8/utf8.go', 'appendRuneNonASCII', ['appends', '`r`']),
  go('unicode/utf8/utf8.go', 'encodeRuneNonASCII', ['`r`']),
  go('net/netip/netip.go', 'Addr.string4', ['string']),
  go('net/netip/netip.go', 'Addr.string4In6', ['string']),
  go('archive/tar/strconv.go', 'formatter.formatOctal', ['octal']),
  go('archive/tar/strconv.go', 'parser.parseOctal', ['octal']),
  go('text/tabwriter/tabwriter.go', 'Writer.writePadding', ['padding']),
  go('text/tabwriter/tabwriter.go', 'Writer.write0', ['writes', 'panic']),
  go('net/url/url.go', 'URL.UnmarshalBinary', ['parse']),
  go('net/url/url.go', 'urlParamsWithinMax', ['whether', '`params`']),
  go('net/url/url.go', 'Error.Temporary', ['whether', 'temporary']),
  go('text/template/funcs.go', 'basicKind', ['kind']),
  go('encoding/json/fold.go', 'appendFoldedName', ['upper']),
  go('go/token/position.go', 'searchInts', ['binary search']),
  go('go/token/position.go', 'File.position', ['`pos`']),
  jsDep(['express', 'cookie'], 'index.js', 'startIndex', ['first', 'index']),
  jsDep(['express', 'debug'], 'src/common.js', 'extend', ['namespace']),
  js('koa', 'lib/context.js', 'module.exports.cookies', ['first'], 'get cookies'),
  js('koa', 'lib/response.js', 'normalizeHeader', ['`field`']),
  js('koa', 'lib/response.js', 'isSingleValueHeader', ['whether', "`'content-type'`"]),
  js('mongoose', 'lib/utils.js', 'exports.isArrayIndex', ['whether']),
  js('mongoose', 'lib/utils.js', 'vals', ['collects', '`ret`']),
  ts('sessions.ts', 'isUnknownTransactionCommitResult', ['whether', '`err`']),
  ts('sessions.ts', 'shouldUnpinAfterCommitError', ['whether']),
  ts('cmap/connection_pool.ts', 'ConnectionPool.connectionIsStale', ['whether', '`generation`']),
  ts('cmap/connection_pool.ts', 'ConnectionPool.destroyConnection', ['destroy']),
  ts('sdam/topology_description.ts', 'updateRsWithPrimaryFromMember', ['`serverdescriptions`']),
  ts('sdam/topology_description.ts', 'topologyTypeForServerType', ['`servertype`', '`topologytype`']),
  ts('mongo_logger.ts', 'attachServerHeartbeatFields', ['`log`', 'sets']),
  java('java/util/TreeMap.java', 'TreeMap.NavigableSubMap.pollLastEntry', ['removes']),
  java('java/net/URI.java', 'URI.decode', ["`c - 'a' + 10`"], 'decode(char c)'),
  java('java/net/URI.java', 'URI.appendFragment', ['fragment', "`'#'`"]),
  java('java/net/URI.java', 'URI.toString', ['builds', 'string'], 'String opaquePart'),
  java('java/util/PriorityQueue.java', 'PriorityQueue.siftUpComparable', ['parent']),
  java('java/util/Scanner.java', 'Scanner.toDecoder', ['decoder']),
  java(
    'java/util/Formatter.java',
    'Formatter.FormatSpecifier.print',
    ['precision'],
    'print(String s, Locale l)',
  ),
  java('java/util/Locale.java', 'Locale.getISO3Code', ['searches', '`table`']),
  java('java/util/Locale.java', 'Locale.getFormatLocale', ['`defaultformatlocale`']),
];

/** The pass rate the documented corpus must reach, in quick mode as in standard. */
const REQUIRED = 0.85;
/**
 * The pass rate the undocumented functions must reach, in quick mode as in standard: the same 85 % as the
 * documented ones (issue 31). Reached on 2026-11-29 (65 of 76).
 */
const REQUIRED_UNDOCUMENTED = 0.85;

describe('engine: purpose corpus (real functions, overview names their domain)', function () {
  this.timeout(300_000);
  const parser = new SourceParser({ timeoutMs: 20_000 });
  const engine = createEngine();

  before(() => {
    assert.ok(existsSync(JDK_ZIP), `${JDK_ZIP} is missing: apt-get install openjdk-17-source`);
    assert.ok(existsSync(`${PY}/shlex.py`), `${PY} is missing: apt-get install libpython3.11-stdlib`);
    assert.ok(existsSync(`${GO}/strings/strings.go`), `${GO} is missing: Go is installed on these machines`);
    jdkDir = mkdtempSync(join(tmpdir(), 'cex-purpose-jdk-'));
    const wanted = [
      ...new Set([...CORPUS, ...UNDOCUMENTED].filter((c) => c.language === 'java').map((c) => c.file())),
    ].map((f) => f.slice(jdkDir.length + 1));
    execFileSync('python3', [
      '-c',
      'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); [z.extract(n, sys.argv[2]) for n in sys.argv[3:]]',
      JDK_ZIP,
      jdkDir,
      ...wanted,
    ]);
  });
  after(async () => {
    parser.dispose();
    await engine.dispose();
    if (jdkDir) rmSync(jdkDir, { recursive: true, force: true });
  });

  /** The overview a reader sees first in `mode`: the explanation's opening, or quick mode's whole answer. */
  async function passRate(
    cases: readonly Case[],
    mode: 'standard' | 'quick',
    label: string,
  ): Promise<number> {
    const misses: string[] = [];
    const overviews: string[] = [];
    const perLanguage = new Map<LanguageId, { pass: number; all: number }>();
    for (const c of cases) {
      const code = await cutUnit(parser, { ...c, file: c.file() });
      const response = await engine.explain(explainRequestSchema.parse({ code, language: c.language, mode }));
      const overview =
        mode === 'quick' ? response.explanation : (response.explanation.split('\n\n')[0] ?? '');
      // Everything the purpose sentences quote is the code's own text.
      assert.deepEqual(ungrounded(response, code), [], `${c.unit}: quotes only its code`);
      overviews.push(`${c.unit}: ${overview.replace(/\n/g, ' ')}`);
      const missing = c.words.filter((w) => !overview.toLowerCase().includes(w));
      const tally = perLanguage.get(c.language) ?? { pass: 0, all: 0 };
      tally.all++;
      if (missing.length === 0) tally.pass++;
      else
        misses.push(
          `${c.language} ${c.unit}: missing ${missing.join(', ')}\n    ${overview.replace(/\n/g, ' ')}`,
        );
      perLanguage.set(c.language, tally);
    }
    const passed = cases.length - misses.length;
    const rate = passed / cases.length;
    console.log(
      `      ${label}, ${mode}: ${passed}/${cases.length} (${(rate * 100).toFixed(1)} %) — ${[...perLanguage]
        .map(([l, t]) => `${l} ${t.pass}/${t.all}`)
        .join(', ')}`,
    );
    if (process.env.PURPOSE_VERBOSE) for (const o of overviews) console.log(`    ${o}`);
    if (misses.length) console.log(`      misses:\n    ${misses.join('\n    ')}`);
    return rate;
  }

  for (const mode of ['standard', 'quick'] as const)
    it(`${mode}: holds at least 60 documented functions across the five tier-1 languages, and ${REQUIRED * 100} % of overviews name their domain`, async () => {
      assert.ok(CORPUS.length >= 60, `the corpus holds ${CORPUS.length} functions`);
      const languages = new Set<LanguageId>(CORPUS.map((c) => c.language));
      assert.deepEqual([...languages].sort(), ['go', 'java', 'javascript', 'python', 'typescript']);
      const rate = await passRate(CORPUS, mode, 'purpose corpus, documented');
      assert.ok(rate >= REQUIRED, `pass rate ${(rate * 100).toFixed(1)} % is below ${REQUIRED * 100} %`);
    });

  for (const mode of ['standard', 'quick'] as const)
    it(`${mode}: says what functions with no doc comment are for, at ${REQUIRED_UNDOCUMENTED * 100} % or more`, async () => {
      const languages = new Set<LanguageId>(UNDOCUMENTED.map((c) => c.language));
      assert.deepEqual([...languages].sort(), ['go', 'java', 'javascript', 'python', 'typescript']);
      const rate = await passRate(UNDOCUMENTED, mode, 'purpose corpus, undocumented');
      assert.ok(
        rate >= REQUIRED_UNDOCUMENTED,
        `pass rate ${(rate * 100).toFixed(1)} % is below ${REQUIRED_UNDOCUMENTED * 100} %`,
      );
    });

  it('holds as many functions with no doc comment of their own as documented ones', async () => {
    assert.ok(
      UNDOCUMENTED.length >= CORPUS.length,
      `${UNDOCUMENTED.length} undocumented, ${CORPUS.length} documented`,
    );
    for (const c of UNDOCUMENTED) {
      const lines = (await cutUnit(parser, { ...c, file: c.file() })).split('\n');
      // Nothing above the declaration, and no docstring as a Python body's first statement.
      // Decorators and annotations may stand above it; a comment may not.
      for (const above of lines.slice(
        0,
        lines.findIndex((l) => !/^\s*(@|\[|\/\/|\/\*|\*|#)/.test(l)),
      ))
        assert.doesNotMatch(above, /^\s*(\/\/|\/\*|\*|#)/, `${c.unit} is cut with a comment above it`);
      if (c.language === 'python')
        assert.doesNotMatch(lines.slice(1).join('\n'), /^\s*[rbu]?("""|''')/i, `${c.unit} has a docstring`);
    }
  });

  it('quotes only the code it was given, in every mode and for every audience', async () => {
    for (const c of [...CORPUS, ...UNDOCUMENTED]) {
      const code = await cutUnit(parser, { ...c, file: c.file() });
      for (const mode of MODES)
        for (const audience of AUDIENCES) {
          const response = await engine.explain(
            explainRequestSchema.parse({ code, language: c.language, mode, audience }),
          );
          assert.deepEqual(ungrounded(response, code), [], `${c.unit} ${mode}/${audience}`);
        }
    }
  });
});
