import assert from 'node:assert/strict';
import {
  API_PLANS,
  accountSchema,
  apiKeyInfoSchema,
  apiKeyNameSchema,
  createdApiKeySchema,
  emailSchema,
  hasApiAccess,
  healthResponseSchema,
  PLANS,
  planSchema,
} from '../src/index.js';
import { parseFails, parseOk } from './support.js';

describe('plans', () => {
  it('are free, pro and enterprise; only pro and enterprise have API access', () => {
    assert.deepEqual([...PLANS], ['free', 'pro', 'enterprise']);
    assert.deepEqual([...API_PLANS], ['pro', 'enterprise']);
    assert.deepEqual(PLANS.map(hasApiAccess), [false, true, true]);
  });

  it('refuses an unknown plan with the list', () => {
    assert.deepEqual(parseFails(planSchema, 'gold'), [
      { path: [], message: 'plan must be one of: free, pro, enterprise' },
    ]);
  });
});

describe('emailSchema', () => {
  it('trims and lower-cases, so one mailbox is one account', () => {
    assert.equal(parseOk(emailSchema, '  Ops@Example.COM '), 'ops@example.com');
  });

  for (const bad of ['', 'ops', 'ops@', '@example.com', 42, `${'a'.repeat(250)}@example.com`]) {
    it(`refuses ${JSON.stringify(bad)}`, () => {
      assert.equal(parseFails(emailSchema, bad).length > 0, true);
    });
  }
});

describe('apiKeyNameSchema', () => {
  it('trims, and refuses empty or over-long names', () => {
    assert.equal(parseOk(apiKeyNameSchema, ' ci '), 'ci');
    assert.deepEqual(parseFails(apiKeyNameSchema, '  '), [{ path: [], message: 'name must not be empty' }]);
    assert.deepEqual(parseFails(apiKeyNameSchema, 'x'.repeat(101)), [
      { path: [], message: 'name must be at most 100 characters' },
    ]);
  });
});

describe('account and key schemas', () => {
  it('describe what the admin command prints', () => {
    parseOk(accountSchema, { id: 'a1', email: 'a@b.c', plan: 'pro' });
    parseOk(createdApiKeySchema, { id: 'k1', key: 'cex_x', prefix: 'cex_x', name: 'ci' });
    parseOk(apiKeyInfoSchema, {
      id: 'k1',
      prefix: 'cex_x',
      name: 'ci',
      createdAt: '2026-01-01T00:00:00.000Z',
      revokedAt: null,
      expiresAt: '2026-01-02T00:00:00.000Z',
      lastUsedAt: null,
    });
    parseFails(apiKeyInfoSchema, {
      id: 'k1',
      prefix: 'cex_x',
      name: 'ci',
      createdAt: 'yesterday',
      revokedAt: null,
      expiresAt: null,
      lastUsedAt: null,
    });
    parseFails(apiKeyInfoSchema, {
      id: 'k1',
      prefix: 'cex_x',
      name: 'ci',
      createdAt: '2026-01-01T00:00:00.000Z',
      revokedAt: null,
      expiresAt: 'soon',
      lastUsedAt: null,
    });
  });
});

describe('healthResponseSchema', () => {
  it('accepts the states the service reports', () => {
    parseOk(healthResponseSchema, {
      status: 'unavailable',
      engine: 'down',
      mongodb: 'down',
      redis: 'unused',
      store: 'mongodb',
      rateLimits: 'memory',
    });
    parseOk(healthResponseSchema, {
      status: 'degraded',
      engine: 'up',
      mongodb: 'up',
      redis: 'down',
      store: 'mongodb',
      rateLimits: 'memory',
    });
    parseFails(healthResponseSchema, {
      status: 'fine',
      engine: 'up',
      mongodb: 'up',
      redis: 'up',
      store: 'x',
      rateLimits: 'y',
    });
  });
});
