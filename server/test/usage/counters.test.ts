import assert from 'node:assert/strict';
import { LATENCY_BOUNDS_MS, usageWindow } from '@code-explain/shared';
import { countersOf, latencyCounter, outcomeOf, percentile, toCounts } from '../../src/usage/counters.js';

describe('usage counters', () => {
  it('classes outcomes, 429 apart from the other 4xx', () => {
    assert.deepEqual([200, 204, 304, 400, 401, 404, 413, 422, 429, 500, 503].map(outcomeOf), [
      '2xx',
      '2xx',
      '2xx',
      '4xx',
      '4xx',
      '4xx',
      '4xx',
      '4xx',
      '429',
      '5xx',
      '5xx',
    ]);
  });

  it('puts a latency in the first bucket whose upper bound holds it', () => {
    assert.equal(latencyCounter(0), 't_1');
    assert.equal(latencyCounter(1), 't_1');
    assert.equal(latencyCounter(1.01), 't_2');
    assert.equal(latencyCounter(13), 't_15');
    assert.equal(latencyCounter(60_000), 't_60000');
    assert.equal(latencyCounter(60_001), 't_inf');
  });

  it('keeps neighbouring bounds at most 4:3 apart from 3 ms on (the documented error)', () => {
    for (let i = 1; i < LATENCY_BOUNDS_MS.length; i++) {
      const [lower, upper] = [LATENCY_BOUNDS_MS[i - 1]!, LATENCY_BOUNDS_MS[i]!];
      if (lower >= 3) assert.ok(upper / lower <= 4 / 3 + 1e-9, `${lower} → ${upper}`);
      else assert.ok(upper - lower <= 1, `${lower} → ${upper}`);
    }
  });

  it('counts a request once per dimension', () => {
    assert.deepEqual(
      countersOf({
        accountId: 'a',
        keyId: 'k',
        route: 'POST /api/explain',
        at: 0,
        status: 429,
        latencyMs: 7,
        language: 'go',
        mode: 'quick',
      }),
      { o_429: 1, t_8: 1, l_go: 1, m_quick: 1 },
    );
  });

  it('reads nearest-rank percentiles as the upper bound of their bucket', () => {
    // 100 requests: 50 at ≤ 5 ms, 45 at ≤ 20 ms, 5 at ≤ 250 ms.
    const counters = { t_5: 50, t_20: 45, t_250: 5 };
    assert.equal(percentile(counters, 0.5), 5);
    assert.equal(percentile(counters, 0.51), 20);
    assert.equal(percentile(counters, 0.95), 20);
    assert.equal(percentile(counters, 0.96), 250);
    assert.equal(percentile({}, 0.5), null);
    assert.equal(percentile({ t_inf: 1 }, 0.5), 60_000);
    // A histogram summed from two instances gives the percentile of all their requests.
    assert.equal(percentile({ t_2: 1, t_100: 3 }, 0.5), 100);
  });

  it('turns summed counters into the contract counts', () => {
    assert.deepEqual(toCounts({ o_2xx: 3, o_429: 1, l_python: 2, m_standard: 2, t_5: 4 }, { 'GET /x': 4 }), {
      requests: 4,
      outcomes: { '2xx': 3, '4xx': 0, '429': 1, '5xx': 0 },
      languages: { python: 2 },
      modes: { standard: 2 },
      routes: { 'GET /x': 4 },
      latencyMs: { p50: 5, p95: 5 },
    });
  });
});

describe('usage windows', () => {
  const now = new Date('2026-11-26T19:41:12Z');

  it('defaults to the last 24 hours or 30 days, snapped to whole buckets', () => {
    assert.deepEqual(usageWindow({ granularity: 'hour' }, now), {
      ok: true,
      window: {
        granularity: 'hour',
        from: new Date('2026-11-25T20:00:00Z'),
        to: new Date('2026-11-26T20:00:00Z'),
      },
    });
    assert.deepEqual(usageWindow({ granularity: 'day' }, now), {
      ok: true,
      window: {
        granularity: 'day',
        from: new Date('2026-10-28T00:00:00Z'),
        to: new Date('2026-11-27T00:00:00Z'),
      },
    });
  });

  it('rounds from down and to up, and refuses empty or too long ranges', () => {
    const window = usageWindow(
      { granularity: 'day', from: '2026-11-01T05:00:00+02:00', to: '2026-11-03T00:00:01Z' },
      now,
    );
    assert.deepEqual(window, {
      ok: true,
      window: {
        granularity: 'day',
        from: new Date('2026-11-01T00:00:00Z'),
        to: new Date('2026-11-04T00:00:00Z'),
      },
    });
    assert.equal(
      usageWindow({ granularity: 'hour', from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }, now).ok,
      false,
    );
    const long = usageWindow(
      { granularity: 'hour', from: '2026-09-01T00:00:00Z', to: '2026-11-01T00:00:00Z' },
      now,
    );
    assert.ok(!long.ok && /at most 744 hour buckets/.test(long.message));
  });
});
