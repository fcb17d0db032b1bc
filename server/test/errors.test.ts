import assert from 'node:assert/strict';
import { errorBodySchema, explainRequestSchema } from '@code-explain/shared';
import { ApiError, statusOf } from '../src/http/errors.js';

describe('ApiError', () => {
  it('maps every error code to its HTTP status', () => {
    assert.deepEqual(
      (
        [
          'invalid_request',
          'unauthorized',
          'not_found',
          'payload_too_large',
          'rate_limited',
          'internal_error',
        ] as const
      ).map(statusOf),
      [400, 401, 404, 413, 429, 500],
    );
  });

  it('turns a failed validation into a 400 naming each offending path', () => {
    const parsed = explainRequestSchema.safeParse({ code: '', mode: 'fast', extra: 1 });
    assert.equal(parsed.success, false);
    assert.ok(parsed.error);
    const error = ApiError.fromZod(parsed.error, 'request body');
    assert.equal(error.status, 400);
    assert.equal(error.code, 'invalid_request');
    assert.deepEqual(new Set(error.details.map((d) => d.path)), new Set(['extra', 'code', 'mode']));
    assert.match(error.message, /^invalid request body: /);
  });

  it('renders the contract error body', () => {
    const body = new ApiError('not_found', 'no explanation with that id').toBody('req-1');
    assert.deepEqual(body, {
      error: { code: 'not_found', message: 'no explanation with that id', details: [], requestId: 'req-1' },
    });
    assert.ok(errorBodySchema.safeParse(body).success);
  });
});
