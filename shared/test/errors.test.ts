import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  ERROR_CODES,
  errorBodySchema,
  errorDetailSchema,
  boundDetails,
  errorDetailsFromZod,
  explainRequestSchema,
  MAX_DETAIL_TEXT,
  MAX_ERROR_DETAILS,
  explainResponseSchema,
  summarizeDetails,
  type ErrorDetail,
} from '../src/index.js';
import { parseFails, parseOk, show, without, zodErrorOf } from './support.js';

const body = (code: unknown) => ({
  error: {
    code,
    message: 'invalid request body: code: code is required',
    details: [{ path: 'code', message: 'code is required' }],
    requestId: 'req-1',
  },
});

/** A ZodError carrying one custom issue at `path`. */
const errorAt = (path: PropertyKey[], message = 'bad') =>
  new z.ZodError([{ code: 'custom', path, message, input: undefined }]);

describe('errorBodySchema', () => {
  it('has exactly the thirteen error codes', () => {
    assert.deepEqual(
      [...ERROR_CODES],
      [
        'invalid_request',
        'unauthorized',
        'not_found',
        'payload_too_large',
        'rate_limited',
        'internal_error',
        'method_not_allowed',
        'unsupported_media_type',
        'analysis_timeout',
        'analysis_failed',
        'overloaded',
        'engine_unavailable',
        'store_unavailable',
      ],
    );
  });

  for (const code of ERROR_CODES) {
    it(`accepts code "${code}"`, () => {
      assert.deepEqual(parseOk(errorBodySchema, body(code)), body(code));
    });
  }

  for (const code of ['bad_request', 'INVALID_REQUEST', 'forbidden', 'timeout', '', 400, null]) {
    it(`refuses code ${show(code)}`, () => {
      assert.deepEqual(
        parseFails(errorBodySchema, body(code)).map((i) => i.path),
        [['error', 'code']],
      );
    });
  }

  it('accepts an error without details as an empty list', () => {
    const noDetails = { error: { code: 'not_found', message: 'not found', details: [], requestId: 'r' } };
    assert.deepEqual(parseOk(errorBodySchema, noDetails), noDetails);
  });

  for (const field of ['code', 'message', 'details', 'requestId'] as const) {
    it(`requires error.${field}`, () => {
      const error = without(body('not_found').error, field);
      assert.deepEqual(
        parseFails(errorBodySchema, { error }).map((i) => i.path),
        [['error', field]],
      );
    });
  }

  it('requires the error envelope', () => {
    assert.deepEqual(
      parseFails(errorBodySchema, body('not_found').error).map((i) => i.path),
      [['error']],
    );
  });

  it('refuses a detail without a message', () => {
    const bad = { error: { ...body('invalid_request').error, details: [{ path: 'code' }] } };
    assert.deepEqual(
      parseFails(errorBodySchema, bad).map((i) => i.path),
      [['error', 'details', 0, 'message']],
    );
  });
});

describe('errorDetailSchema', () => {
  it('accepts a path and a message, the path possibly empty', () => {
    assert.deepEqual(parseOk(errorDetailSchema, { path: '', message: 'm' }), { path: '', message: 'm' });
  });

  it('refuses a path given as an array', () => {
    assert.deepEqual(
      parseFails(errorDetailSchema, { path: ['focus', 2], message: 'm' }).map((i) => i.path),
      [['path']],
    );
  });
});

describe('errorDetailsFromZod', () => {
  const paths: [path: PropertyKey[], formatted: string][] = [
    [[], ''],
    [['code'], 'code'],
    [['focus', 2], 'focus[2]'],
    [['metadata', 'complexity', 'cognitive'], 'metadata.complexity.cognitive'],
    [['suggestions', 0, 'type'], 'suggestions[0].type'],
    [['metadata', 'units', 3, 'complexity', 'halstead'], 'metadata.units[3].complexity.halstead'],
    [[0], '[0]'],
    [[1, 'name'], '[1].name'],
    [['grid', 0, 1], 'grid[0][1]'],
    [['mode[$ne]'], 'mode[$ne]'],
  ];
  for (const [path, formatted] of paths) {
    it(`formats ${show(path)} as ${show(formatted)}`, () => {
      assert.deepEqual(errorDetailsFromZod(errorAt(path, 'm')), [{ path: formatted, message: 'm' }]);
    });
  }

  it('names an array entry of a request: focus[2]', () => {
    const error = zodErrorOf(explainRequestSchema, { code: 'x', focus: ['security', 'testing', 'speed'] });
    assert.deepEqual(errorDetailsFromZod(error), [
      {
        path: 'focus[2]',
        message:
          'focus areas must be among: readability, performance, security, best_practices, architecture, ' +
          'testing, documentation, scalability, maintainability',
      },
    ]);
  });

  it('names a nested field of a response: metadata.complexity.cognitive', () => {
    const error = zodErrorOf(explainResponseSchema, {
      explanation: 'e',
      sections: [],
      suggestions: [],
      metadata: { tokens: 1, complexity: { cognitive: -1, cyclomatic: 1, halstead: 0 } },
    });
    assert.deepEqual(
      errorDetailsFromZod(error).map((d) => d.path),
      ['metadata.complexity.cognitive'],
    );
  });

  it('gives the whole-input problem an empty path', () => {
    assert.deepEqual(errorDetailsFromZod(zodErrorOf(explainRequestSchema, [])), [
      { path: '', message: 'request body must be a JSON object' },
    ]);
  });

  it('gives each unknown field its own detail', () => {
    const error = zodErrorOf(explainRequestSchema, { code: 'x', a: 1, b: 2, c: 3 });
    assert.equal(error.issues.length, 1);
    assert.deepEqual(errorDetailsFromZod(error), [
      { path: 'a', message: 'unknown field' },
      { path: 'b', message: 'unknown field' },
      { path: 'c', message: 'unknown field' },
    ]);
  });

  it('places an unknown field of a nested object under its parent', () => {
    const schema = z.object({ options: z.strictObject({ depth: z.number() }) });
    const error = zodErrorOf(schema, { options: { depth: 1, width: 2 } });
    assert.deepEqual(errorDetailsFromZod(error), [{ path: 'options.width', message: 'unknown field' }]);
  });

  it('keeps the order of the issues, mixing unknown fields with other problems', () => {
    const error = zodErrorOf(explainRequestSchema, { code: 5, extra: 1, mode: 'fast' });
    assert.deepEqual(errorDetailsFromZod(error), [
      { path: 'code', message: 'code must be a string' },
      {
        path: 'mode',
        message:
          'mode must be one of: quick, standard, detailed, learning, performance, security, comparative',
      },
      { path: 'extra', message: 'unknown field' },
    ]);
  });

  it('gives an empty list for an error without issues', () => {
    assert.deepEqual(errorDetailsFromZod(new z.ZodError([])), []);
  });

  it(`lists the first ${MAX_ERROR_DETAILS} details, then how many more there were`, () => {
    const issues = Array.from({ length: 25 }, (_, i) => ({
      code: 'custom' as const,
      path: ['focus', i],
      message: 'bad',
      input: undefined,
    }));
    const details = errorDetailsFromZod(new z.ZodError(issues));
    assert.equal(details.length, MAX_ERROR_DETAILS + 1);
    assert.deepEqual(details[0], { path: 'focus[0]', message: 'bad' });
    assert.deepEqual(details[MAX_ERROR_DETAILS - 1], { path: 'focus[19]', message: 'bad' });
    assert.deepEqual(details.at(-1), { path: '', message: 'and 5 more' });
  });

  it('counts fifty thousand unknown fields without listing them', () => {
    const input = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`f${i}`, 0]));
    const details = errorDetailsFromZod(zodErrorOf(explainRequestSchema, { code: 'x', ...input }));
    assert.equal(details.length, MAX_ERROR_DETAILS + 1);
    assert.deepEqual(details[0], { path: 'f0', message: 'unknown field' });
    assert.deepEqual(details.at(-1), { path: '', message: 'and 49,980 more' });
  });

  it(`clips a path or message past ${MAX_DETAIL_TEXT} characters, never inside a surrogate pair`, () => {
    const field = 'k'.repeat(MAX_DETAIL_TEXT - 2) + '😀'.repeat(1000);
    const [detail] = errorDetailsFromZod(zodErrorOf(explainRequestSchema, { code: 'x', [field]: 1 }));
    assert.equal(detail!.path, 'k'.repeat(MAX_DETAIL_TEXT - 2) + '…');
    const [long] = errorDetailsFromZod(errorAt(['code'], 'm'.repeat(10_000)));
    assert.equal(long!.message.length, MAX_DETAIL_TEXT);
    assert.ok(long!.message.endsWith('…'));
  });
});

describe('boundDetails', () => {
  it('leaves a short list as it is and adds nothing', () => {
    const details = [{ path: 'code', message: 'code is required' }];
    assert.deepEqual(boundDetails(details), details);
  });

  it('says how many were left out of a total larger than the list given', () => {
    assert.deepEqual(boundDetails([{ path: 'a', message: '1' }], 3), [
      { path: 'a', message: '1' },
      { path: '', message: 'and 2 more' },
    ]);
  });
});

describe('summarizeDetails', () => {
  const d = (path: string, message: string): ErrorDetail => ({ path, message });

  it('gives an empty string for no details', () => {
    assert.equal(summarizeDetails([]), '');
  });

  it('writes one detail as "path: message"', () => {
    assert.equal(summarizeDetails([d('code', 'code is required')]), 'code: code is required');
  });

  it('writes a detail with an empty path as its message alone', () => {
    assert.equal(
      summarizeDetails([d('', 'request body must be a JSON object')]),
      'request body must be a JSON object',
    );
  });

  it('joins up to three details with "; " and no suffix', () => {
    assert.equal(summarizeDetails([d('a', '1'), d('', '2'), d('c', '3')]), 'a: 1; 2; c: 3');
  });

  it('shows the first three of four details and says "(and 1 more)"', () => {
    assert.equal(
      summarizeDetails([d('a', '1'), d('b', '2'), d('c', '3'), d('d', '4')]),
      'a: 1; b: 2; c: 3 (and 1 more)',
    );
  });

  it('counts every detail past the third', () => {
    const details = Array.from({ length: 10 }, (_, i) => d(`focus[${i}]`, 'bad'));
    assert.equal(summarizeDetails(details), 'focus[0]: bad; focus[1]: bad; focus[2]: bad (and 7 more)');
  });

  it('counts a total larger than the details given', () => {
    assert.equal(
      summarizeDetails([d('a', '1'), d('b', '2'), d('c', '3'), d('d', '4')], 520_000),
      'a: 1; b: 2; c: 3 (and 519,997 more)',
    );
  });

  it('summarizes the details of a real validation failure', () => {
    const error = zodErrorOf(explainRequestSchema, { code: '', mode: 'fast', audience: 'x', a: 1, b: 2 });
    assert.equal(
      summarizeDetails(errorDetailsFromZod(error)),
      'code: code must not be empty or only white space; ' +
        'mode: mode must be one of: quick, standard, detailed, learning, performance, security, comparative; ' +
        'audience: audience must be one of: beginner, intermediate, advanced, expert (and 2 more)',
    );
  });
});
