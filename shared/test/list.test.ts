import assert from 'node:assert/strict';
import {
  DEFAULT_LIMIT,
  DEFAULT_PAGE,
  MAX_LIMIT,
  MAX_PAGE,
  MODES,
  errorDetailsFromZod,
  listQuerySchema,
  listResponseSchema,
} from '../src/index.js';
import { parseFails, parseOk, show, without, zodErrorOf } from './support.js';

const PAGE_MESSAGE = 'page must be a whole number from 1 to 1000000';
const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';
const MODE_MESSAGE =
  'mode must be one of: quick, standard, detailed, learning, performance, security, comparative';

/** What Koa's ctx.query gives: an object without a prototype, holding strings. */
function koaQuery(values: Record<string, unknown>): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, values);
}

describe('listQuerySchema', () => {
  it('has the documented bounds and defaults', () => {
    assert.deepEqual(
      { DEFAULT_PAGE, MAX_PAGE, DEFAULT_LIMIT, MAX_LIMIT },
      { DEFAULT_PAGE: 1, MAX_PAGE: 1_000_000, DEFAULT_LIMIT: 10, MAX_LIMIT: 100 },
    );
  });

  it('defaults to page 1 of 10, with no language or mode filter', () => {
    assert.deepEqual(parseOk(listQuerySchema, {}), { page: 1, limit: 10 });
  });

  it("accepts Koa's prototype-less query object", () => {
    assert.deepEqual(
      parseOk(listQuerySchema, koaQuery({ page: '3', limit: '25', language: 'py', mode: 'quick' })),
      {
        page: 3,
        limit: 25,
        language: 'python',
        mode: 'quick',
      },
    );
  });

  describe('page', () => {
    const accepted: [value: string, page: number][] = [
      ['1', 1],
      ['2', 2],
      ['37', 37],
      ['1000000', 1_000_000],
    ];
    for (const [value, page] of accepted) {
      it(`accepts ${show(value)} as ${page}`, () => {
        assert.deepEqual(parseOk(listQuerySchema, { page: value }), { page, limit: 10 });
      });
    }

    const refused = ['0', '-1', '1.5', '1e3', ' 2', '2 ', '+2', '0x10', 'abc', '', '1000001', '9999999999'];
    for (const value of refused) {
      it(`refuses ${show(value)}`, () => {
        assert.deepEqual(parseFails(listQuerySchema, { page: value }), [
          { path: ['page'], message: PAGE_MESSAGE },
        ]);
      });
    }
  });

  describe('limit', () => {
    for (const [value, limit] of [
      ['1', 1],
      ['10', 10],
      ['100', 100],
    ] as const) {
      it(`accepts ${show(value)} as ${limit}`, () => {
        assert.deepEqual(parseOk(listQuerySchema, { limit: value }), { page: 1, limit });
      });
    }

    for (const value of ['0', '101', '-5', '2.5', 'ten', '']) {
      it(`refuses ${show(value)}`, () => {
        assert.deepEqual(parseFails(listQuerySchema, { limit: value }), [
          { path: ['limit'], message: LIMIT_MESSAGE },
        ]);
      });
    }
  });

  describe('language', () => {
    const cases: [value: string, language: string][] = [
      ['TS', 'typescript'],
      ['typescript', 'typescript'],
      ['js', 'javascript'],
      ['c++', 'cpp'],
      ['Golang', 'go'],
    ];
    for (const [value, language] of cases) {
      it(`resolves ${show(value)} to "${language}"`, () => {
        assert.deepEqual(parseOk(listQuerySchema, { language: value }), { page: 1, limit: 10, language });
      });
    }

    it('refuses an unknown language, listing the supported ids', () => {
      assert.deepEqual(parseFails(listQuerySchema, { language: 'cobol' }), [
        {
          path: ['language'],
          message:
            'unsupported language "cobol"; supported: javascript, typescript, tsx, python, java, go, c, cpp, ' +
            'csharp, rust, php, ruby, kotlin, swift, bash',
        },
      ]);
    });
  });

  describe('mode', () => {
    for (const mode of MODES) {
      it(`accepts "${mode}"`, () => {
        assert.deepEqual(parseOk(listQuerySchema, { mode }), { page: 1, limit: 10, mode });
      });
    }

    for (const value of ['Quick', 'fast', '']) {
      it(`refuses ${show(value)}`, () => {
        assert.deepEqual(parseFails(listQuerySchema, { mode: value }), [
          { path: ['mode'], message: MODE_MESSAGE },
        ]);
      });
    }
  });

  describe('values that are not one plain string', () => {
    const cases: [key: string, value: unknown][] = [
      ['page', ['1', '2']],
      ['limit', ['10', '10']],
      ['language', ['js', 'ts']],
      ['mode', ['quick', 'quick']],
      ['page', { $gt: '0' }],
      ['limit', { $ne: 'x' }],
      ['language', { $ne: 'x' }],
      ['mode', { $ne: 'x' }],
      ['mode', { $regex: '.*' }],
      ['page', 2],
      ['mode', null],
    ];
    for (const [key, value] of cases) {
      it(`refuses ${key} = ${show(value)}`, () => {
        assert.deepEqual(parseFails(listQuerySchema, { [key]: value }), [
          { path: [key], message: `${key} must be given once, as a plain value` },
        ]);
      });
    }
  });

  describe('unknown parameters', () => {
    it('refuses "mode[$ne]", naming it as the path', () => {
      const error = zodErrorOf(listQuerySchema, koaQuery({ 'mode[$ne]': 'x' }));
      assert.equal(error.issues[0]?.code, 'unrecognized_keys');
      assert.deepEqual(errorDetailsFromZod(error), [{ path: 'mode[$ne]', message: 'unknown field' }]);
    });

    it('names each unknown parameter separately', () => {
      const error = zodErrorOf(listQuerySchema, { page: '1', sort: 'date', q: 'x' });
      assert.deepEqual(errorDetailsFromZod(error), [
        { path: 'sort', message: 'unknown field' },
        { path: 'q', message: 'unknown field' },
      ]);
    });
  });

  for (const query of [null, undefined, 'page=1', ['page', '1'], 1]) {
    it(`refuses a query that is not an object: ${show(query)}`, () => {
      assert.deepEqual(parseFails(listQuerySchema, query), [
        { path: [], message: 'query must be a set of parameters' },
      ]);
    });
  }

  it('reports every bad parameter at once', () => {
    const issues = parseFails(listQuerySchema, { page: '0', limit: '500', language: 'x', mode: 'y' });
    assert.deepEqual(
      issues.map((i) => i.path),
      [['page'], ['limit'], ['language'], ['mode']],
    );
  });
});

describe('listResponseSchema', () => {
  const item = () => ({
    id: 'abc123',
    createdAt: '2025-05-01T12:34:56Z',
    language: 'python',
    mode: 'standard',
    audience: 'intermediate',
    focus: [],
    codePreview: 'print(1)',
    codeLines: 1,
    explanation: 'Prints 1.',
    suggestionCount: 0,
    metadata: { tokens: 4, complexity: { cognitive: 0, cyclomatic: 1, halstead: 2 } },
  });
  const page = () => ({
    items: [item(), { ...item(), id: 'def456' }],
    page: 1,
    limit: 10,
    total: 2,
    totalPages: 1,
  });

  it('accepts a page of explanation summaries, unchanged', () => {
    assert.deepEqual(parseOk(listResponseSchema, page()), page());
  });

  it('accepts an empty result', () => {
    const empty = { items: [], page: 1, limit: 10, total: 0, totalPages: 0 };
    assert.deepEqual(parseOk(listResponseSchema, empty), empty);
  });

  it('accepts the largest limit', () => {
    assert.equal(parseOk(listResponseSchema, { ...page(), limit: 100 }).limit, 100);
  });

  it('keeps fields it does not know', () => {
    const future = { ...page(), nextCursor: 'xyz' };
    assert.deepEqual(parseOk(listResponseSchema, future), future);
  });

  const bad: [field: string, value: unknown][] = [
    ['page', 0],
    ['page', 1.5],
    ['limit', 0],
    ['limit', 101],
    ['total', -1],
    ['total', 2.5],
    ['totalPages', -1],
    ['totalPages', 1.5],
    ['items', 'none'],
  ];
  for (const [field, value] of bad) {
    it(`refuses ${field} = ${show(value)}`, () => {
      assert.deepEqual(
        parseFails(listResponseSchema, { ...page(), [field]: value }).map((i) => i.path),
        [[field]],
      );
    });
  }

  it('checks each item, at its index', () => {
    const response = { ...page(), items: [item(), { ...item(), language: 'py' }] };
    assert.deepEqual(
      parseFails(listResponseSchema, response).map((i) => i.path),
      [['items', 1, 'language']],
    );
  });

  for (const field of ['items', 'page', 'limit', 'total', 'totalPages']) {
    it(`requires ${field}`, () => {
      const response = without(page(), field);
      assert.deepEqual(
        parseFails(listResponseSchema, response).map((i) => i.path),
        [[field]],
      );
    });
  }
});
