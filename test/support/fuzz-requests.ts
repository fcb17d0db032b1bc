/**
 * Generated HTTP requests for the fuzz test: bodies, headers, query strings
 * and paths, valid and not, from a fixed seed so a failure can be replayed.
 * Each request says what kind it is, so a failure names what was sent.
 */
import { gzipSync, deflateSync } from 'node:zlib';
import { LANGUAGE_IDS } from '../../shared/src/languages.js';
import { AUDIENCES, FOCUS_AREAS, MODES } from '../../shared/src/options.js';

/** mulberry32: small, fast, good enough to spread cases; the same seed gives the same requests. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FuzzRequest {
  readonly kind: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: Buffer;
}

/**
 * Inputs that broke the service before (the reliability issue's repros) or
 * stress a parser: each is valid under the contract.
 */
export const HARD_INPUTS: readonly { readonly language: string; readonly code: string }[] = [
  { language: 'java', code: `${'x=>'.repeat(5000)}1` },
  { language: 'cpp', code: `template<${'A<'.repeat(1500)}int${'>'.repeat(1500)}> f;` },
  { language: 'c', code: `int x = ${'('.repeat(3000)}1${')'.repeat(3000)};` },
  { language: 'cpp', code: `#define F(x) x\n${'F('.repeat(2000)}1${')'.repeat(2000)}` },
  { language: 'c', code: `${'{'.repeat(4000)}` },
  { language: 'javascript', code: `${'['.repeat(6000)}` },
  { language: 'python', code: Array.from({ length: 300 }, (_, i) => `${' '.repeat(i)}if x:`).join('\n') },
  { language: 'typescript', code: `let a: ${'Array<'.repeat(2000)}number${'>'.repeat(2000)};` },
];

/**
 * Bodies that cost the service far more than they cost to send (the fairness
 * issue's repros): each must get a short error of its own, at once. Gzip marks
 * a body sent with `Content-Encoding: gzip`.
 */
export const HOSTILE_BODIES: readonly {
  readonly what: string;
  readonly body: Buffer;
  readonly gzip: boolean;
}[] = [
  {
    what: '1 KB of gzip: 520,000 focus entries',
    body: gzipSync(`{"code":"x","focus":[${'0,'.repeat(519_999)}0]}`, { level: 9 }),
    gzip: true,
  },
  {
    what: '1 MB of focus entries',
    body: Buffer.from(`{"code":"x","focus":[${'0,'.repeat(499_999)}0]}`),
    gzip: false,
  },
  {
    what: '100,000 valid focus entries',
    body: Buffer.from(JSON.stringify({ code: 'x', focus: Array<string>(100_000).fill('security') })),
    gzip: false,
  },
  {
    what: 'gzip: 90,000 unknown fields',
    body: gzipSync(`{"code":"x",${Array.from({ length: 90_000 }, (_, i) => `"f${i}":0`).join(',')}}`),
    gzip: true,
  },
  {
    what: 'a field named with 500,000 characters',
    body: Buffer.from(`{"code":"x","${'k'.repeat(500_000)}":1}`),
    gzip: false,
  },
  {
    what: 'a language named with 500,000 characters',
    body: Buffer.from(`{"code":"x","language":"${'j'.repeat(500_000)}"}`),
    gzip: false,
  },
  {
    what: '2 MB of code',
    body: Buffer.from(JSON.stringify({ code: 'a'.repeat(2 * 1024 * 1024) })),
    gzip: false,
  },
  {
    what: 'gzip that decodes to 8 MB',
    body: gzipSync(JSON.stringify({ code: 'a'.repeat(8 * 1024 * 1024) })),
    gzip: true,
  },
];

// The contract's own vocabularies, so the fuzz follows it; plus aliases and names it must refuse.
const VALID_LANGUAGES = [...LANGUAGE_IDS, 'js', 'PY', 'C++', 'golang'];
const LANGUAGES = [...VALID_LANGUAGES, 'cobol', '', 'JavaScript ', 'x'.repeat(300)];
const FOCUS = FOCUS_AREAS;

const FRAGMENTS = [
  'function add(a, b) { return a + b; }',
  'def f(x):\n    return [y * 2 for y in x if y]\n',
  'for (let i = 0; i < n; i++) { if (a[i] > max) max = a[i]; }',
  'SELECT * FROM users WHERE id = " + id',
  'eval(userInput); document.body.innerHTML = q;',
  'package main\nfunc main() { for { select {} } }',
  'class A { constructor() { this.x = 1 } }',
  'fn main() { let v: Vec<i32> = vec![1, 2]; unsafe { *p = 1; } }',
  '#include <stdio.h>\nint main(void) { return 0; }',
  'x = 1 if y else 2',
  '}}}}{{{{',
  '/* unterminated comment',
  '"unterminated string',
  'a\u2028b\u2029c\u0085d\u0000e',
  '\ud800 lone \udc00',
  '😀👩‍💻🇫🇷',
  '\r\n\r\n\t\t',
  '\ufeffconst bom = 1;',
  'λ => λ * 2',
  '<?php echo $_GET["x"]; ?>',
  '#!/bin/bash\nrm -rf "$1"',
];

export interface FuzzOptions {
  readonly seed: number;
  readonly count: number;
  /** A valid key of an account with a generous quota. */
  readonly key: string;
}

export function* fuzzRequests(options: FuzzOptions): Generator<FuzzRequest> {
  const random = seededRandom(options.seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p: number) => random() < p;
  const auth = (): Record<string, string> => {
    const roll = random();
    if (roll < 0.9)
      return chance(0.5) ? { 'X-API-Key': options.key } : { Authorization: `Bearer ${options.key}` };
    return pick<Record<string, string>>([
      {},
      { 'X-API-Key': 'cex_' + 'A'.repeat(43) },
      { 'X-API-Key': options.key.slice(0, -1) },
      { Authorization: `Basic ${options.key}` },
      { Authorization: 'Bearer' },
      { 'X-API-Key': options.key, Authorization: 'Bearer cex_' + 'B'.repeat(43) },
      { 'X-API-Key': `  ${options.key}  ` },
    ]);
  };
  const code = (): string => {
    const parts = Array.from({ length: 1 + int(6) }, () => pick(FRAGMENTS));
    let text = parts.join(chance(0.5) ? '\n' : ' ');
    if (chance(0.05)) text = text.repeat(1 + int(200));
    return text;
  };
  const validBody = () => ({
    code: code(),
    ...(chance(0.8) ? { language: pick(VALID_LANGUAGES) } : {}),
    ...(chance(0.7) ? { mode: pick(MODES) } : {}),
    ...(chance(0.5) ? { audience: pick(AUDIENCES) } : {}),
    ...(chance(0.5) ? { focus: Array.from({ length: int(5) }, () => pick(FOCUS)) } : {}),
  });
  const weird = (): unknown =>
    pick<unknown>([
      null,
      true,
      0,
      -1,
      1e308,
      '',
      ' ',
      [],
      {},
      [1, 'a'],
      { $ne: null },
      'x'.repeat(10_000),
      { nested: { deeper: [] } },
    ]);
  const mutatedBody = (): unknown => {
    const body: Record<string, unknown> = validBody();
    switch (int(9)) {
      case 0:
        delete body.code;
        break;
      case 1:
        body.code = weird();
        break;
      case 2:
        body[pick(['language', 'mode', 'audience', 'focus'])] = weird();
        break;
      case 3:
        body[pick(['extra', '__proto__', 'constructor', 'code ', 'Code'])] = weird();
        break;
      case 4:
        body.focus = Array.from({ length: 1000 }, () => pick(FOCUS));
        break;
      case 5:
        body.code = 'a'.repeat(100_001);
        break;
      case 6:
        body.code = ' \n\t ';
        break;
      case 7:
        return pick<unknown>([[body], 'a string', 42, null]);
      default:
        body.language = pick(LANGUAGES);
    }
    return body;
  };
  const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');
  const rawBody = (): Buffer =>
    pick<() => Buffer>([
      () => Buffer.from(JSON.stringify(validBody()).slice(0, 1 + int(40)), 'utf8'),
      () => Buffer.from(Array.from({ length: 1 + int(512) }, () => int(256))),
      () =>
        Buffer.concat([Buffer.from('{"code":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]),
      () => Buffer.from(`${'['.repeat(50_000)}${']'.repeat(50_000)}`),
      () => Buffer.from(`{"code": "x", "code": "y", "language": "python"}`),
      () => Buffer.from(`\ufeff${JSON.stringify(validBody())}`),
      () => Buffer.from(`{"code": "x" /* comment */}`),
      () => Buffer.from('{"code": 1e999999}'),
      () => Buffer.from(''),
      () => Buffer.from(JSON.stringify({ code: '\\u0000'.repeat(int(2000)) })),
    ])();

  const contentTypes = [
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'application/json; charset=utf-16',
    'application/vnd.api+json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json;;;',
    '',
  ];
  const queryValue = () =>
    pick([
      '1',
      '0',
      '-1',
      '2.5',
      '100',
      '101',
      '1000001',
      'abc',
      '',
      '%00',
      '%ZZ',
      '1e3',
      ' 1',
      '０',
      '9'.repeat(30),
      pick(LANGUAGES),
      pick(MODES),
    ]);
  const queryString = () => {
    const names = [
      'page',
      'limit',
      'language',
      'mode',
      'page',
      'sort',
      'mode[$ne]',
      'language[]',
      '__proto__',
      '',
    ];
    const parts = Array.from({ length: int(5) }, () => `${pick(names)}=${encodeURIComponent(queryValue())}`);
    if (chance(0.1)) parts.push('%E0%A4%A');
    return parts.length ? `?${parts.join('&')}` : '';
  };
  const idLike = () =>
    pick([
      '0123456789abcdef01234567',
      'abcdefghijklmnop',
      'x',
      '',
      '..',
      '%2e%2e',
      '%00',
      'ü',
      'a'.repeat(65),
      '{"$ne":null}',
      encodeURIComponent('<script>'),
      String(int(1e9)),
    ]);

  const hard = [...HARD_INPUTS];
  const hostile = [...HOSTILE_BODIES];
  for (let i = 0; i < options.count; i++) {
    // The hostile bodies and the hard inputs are spread through the run, among everything else.
    if (hostile.length > 0 && i % Math.floor(options.count / (HOSTILE_BODIES.length + 1)) === 7) {
      const { what, body, gzip } = hostile.shift()!;
      yield {
        kind: `hostile body: ${what}`,
        method: 'POST',
        path: '/api/explain',
        headers: {
          'Content-Type': 'application/json',
          ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
          'X-API-Key': options.key,
        },
        body,
      };
      continue;
    }
    if (hard.length > 0 && i % Math.floor(options.count / (HARD_INPUTS.length + 1)) === 0 && i > 0) {
      const input = hard.shift()!;
      yield {
        kind: `hard ${input.language}`,
        method: 'POST',
        path: '/api/explain',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': options.key },
        body: json({ ...input, mode: pick(MODES) }),
      };
      continue;
    }
    const roll = random();
    if (roll < 0.3) {
      yield {
        kind: 'explain',
        method: 'POST',
        path: '/api/explain',
        headers: { 'Content-Type': 'application/json', ...auth() },
        body: json(validBody()),
      };
    } else if (roll < 0.5) {
      yield {
        kind: 'explain (mutated)',
        method: 'POST',
        path: '/api/explain',
        headers: { 'Content-Type': 'application/json', ...auth() },
        body: json(mutatedBody()),
      };
    } else if (roll < 0.62) {
      const type = pick(contentTypes);
      yield {
        kind: `raw body (${type || 'no type'})`,
        method: 'POST',
        path: '/api/explain',
        headers: { ...(type ? { 'Content-Type': type } : {}), ...auth() },
        body: rawBody(),
      };
    } else if (roll < 0.68) {
      const body = json(validBody());
      const [encoding, encoded] = pick<[string, Buffer]>([
        ['gzip', gzipSync(body)],
        ['gzip', body],
        ['gzip', gzipSync(body).subarray(0, 20)],
        ['deflate', deflateSync(body)],
        ['deflate', Buffer.from('not deflate')],
        ['br', body],
        ['identity', body],
        ['x-unknown', body],
        ['gzip, gzip', gzipSync(gzipSync(body))],
        ['compress', body],
      ]);
      yield {
        kind: `encoded body (${encoding})`,
        method: 'POST',
        path: '/api/explain',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding, ...auth() },
        body: encoded,
      };
    } else if (roll < 0.83) {
      yield { kind: 'list', method: 'GET', path: `/api/explanations${queryString()}`, headers: auth() };
    } else if (roll < 0.93) {
      yield {
        kind: 'one record',
        method: pick(['GET', 'DELETE', 'GET']),
        path: `/api/explanations/${idLike()}`,
        headers: auth(),
      };
    } else {
      yield {
        kind: 'anything else',
        method: pick(['GET', 'PUT', 'PATCH', 'OPTIONS', 'HEAD', 'DELETE', 'POST']),
        path: pick([
          '/',
          '/api',
          '/api/',
          '/API/explain',
          '/api/explain/',
          '/healthz',
          '/healthz?x=1',
          '/api/openapi.json',
          '/api/explanations/a/b',
          '/%2e%2e/etc/passwd',
          '/api/%E0%A4%A',
          `/${'a'.repeat(4000)}`,
        ]),
        headers: {
          ...auth(),
          ...(chance(0.3) ? { 'X-Request-Id': pick(['ok-id', 'bad id!', 'cex_leak', 'x'.repeat(200)]) } : {}),
        },
      };
    }
  }
}
