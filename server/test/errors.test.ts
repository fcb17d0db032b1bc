import assert from 'node:assert/strict';
import { errorBodySchema, explainRequestSchema } from '@code-explain/shared';
import {
  AnalysisFailedError,
  AnalysisTimeoutError,
  EngineOverloadedError,
  EngineUnavailableError,
} from '../src/engine/pool/errors.js';
import { toApiError } from '../src/http/error-middleware.js';
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

describe('toApiError on the engine pool’s errors', () => {
  it('keeps their code and message; Retry-After in whole seconds where waiting helps', () => {
    const cases = [
      [new AnalysisTimeoutError(5000, 'deadline'), 'analysis_timeout', 422, undefined],
      [new AnalysisTimeoutError(1500, 'parser'), 'analysis_timeout', 422, undefined],
      [new AnalysisFailedError('trap'), 'analysis_failed', 422, undefined],
      [new EngineOverloadedError('queue_full', 0.2), 'overloaded', 503, '1'],
      [new EngineOverloadedError('queue_wait', 5), 'overloaded', 503, '5'],
      [new EngineUnavailableError('down', 2.5), 'engine_unavailable', 503, '3'],
    ] as const;
    for (const [error, code, status, retryAfter] of cases) {
      const mapped = toApiError(error);
      assert.deepEqual(
        [mapped.code, mapped.status, mapped.message, mapped.headers['Retry-After']],
        [code, status, error.message, retryAfter],
      );
    }
    assert.match(toApiError(new AnalysisTimeoutError(5000, 'deadline')).message, /5000 ms.*smaller snippet/);
  });
});
