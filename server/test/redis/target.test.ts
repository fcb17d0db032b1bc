/** REDIS_URL's forms, parsed (redis/target.ts) and turned into ioredis clients (redis/connect.ts). */
import assert from 'node:assert/strict';
import { Cluster, Redis } from 'ioredis';
import { createRedisClient } from '../../src/redis/connect.js';
import { parseRedisUrl, type RedisTarget } from '../../src/redis/target.js';

function targetOf(url: string): RedisTarget {
  const parsed = parseRedisUrl(url);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return parsed.target;
}

function errorOf(url: string): string {
  const parsed = parseRedisUrl(url);
  assert.equal(parsed.ok, false, `expected ${url} to be refused`);
  return parsed.ok ? '' : parsed.error;
}

const CLIENT_OPTIONS = {
  connectTimeoutMs: 1500,
  commandTimeoutMs: 200,
  socketTimeoutMs: 200,
  retryDelayMs: (attempt: number) => attempt * 7,
};

describe('REDIS_URL forms', () => {
  it('leaves redis:// and rediss:// to ioredis exactly as written', () => {
    for (const url of ['redis://127.0.0.1:6379', 'rediss://user:p%40ss@cache:6380/2', 'redis://cache']) {
      assert.deepEqual(targetOf(url), { kind: 'standalone', url });
    }
  });

  it('reads a Sentinel URL: the Sentinels, the master name, credentials, db, TLS and the Sentinels’ password', () => {
    assert.deepEqual(targetOf('redis-sentinel://s1:26379,s2:26380,[::1]:26381/mymaster'), {
      kind: 'sentinel',
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26380 },
        { host: '::1', port: 26381 },
      ],
      name: 'mymaster',
      db: 0,
      tls: false,
    });
    assert.deepEqual(
      targetOf(
        'redis-sentinel://app:p%40ss%2Fword@10.0.0.5,10.0.0.6:5000/cache-main?db=3&tls=true&sentinelPassword=s3cret&sentinelUsername=watcher',
      ),
      {
        kind: 'sentinel',
        sentinels: [
          { host: '10.0.0.5', port: 26379 },
          { host: '10.0.0.6', port: 5000 },
        ],
        name: 'cache-main',
        username: 'app',
        password: 'p@ss/word',
        sentinelUsername: 'watcher',
        sentinelPassword: 's3cret',
        db: 3,
        tls: true,
      },
    );
    // A password alone (Redis's requirepass), no user.
    assert.deepEqual(targetOf('redis-sentinel://:pw@s1/m'), {
      kind: 'sentinel',
      sentinels: [{ host: 's1', port: 26379 }],
      name: 'm',
      password: 'pw',
      db: 0,
      tls: false,
    });
  });

  it('reads a cluster URL: its seed nodes, credentials and TLS', () => {
    assert.deepEqual(targetOf('redis-cluster://n1:7000,n2:7001,n3'), {
      kind: 'cluster',
      nodes: [
        { host: 'n1', port: 7000 },
        { host: 'n2', port: 7001 },
        { host: 'n3', port: 6379 },
      ],
      tls: false,
    });
    assert.deepEqual(targetOf('redis-cluster://u:pw@n1:7000/?tls=true'.replace('/?', '?')), {
      kind: 'cluster',
      nodes: [{ host: 'n1', port: 7000 }],
      username: 'u',
      password: 'pw',
      tls: true,
    });
  });

  for (const [url, expected] of [
    ['localhost:6379', /^must start with redis:\/\/, rediss:\/\/, redis-sentinel:\/\/, redis-cluster:\/\/$/],
    ['http://cache:6379', /must start with redis:\/\//],
    ['redis-sentinel://s1:26379,s2:26379', /needs the master name as its path/],
    ['redis-sentinel://s1:26379/', /needs the master name/],
    ['redis-sentinel://s1:26379/a/b', /needs the master name/],
    ['redis-sentinel://s1:26379/m?db=16', /db must be a database number from 0 to 15/],
    ['redis-sentinel://s1:26379/m?db=x', /db must be a database number/],
    ['redis-sentinel://s1:26379/m?tls=yes', /tls/],
    ['redis-sentinel://s1:26379/m?sentinel_password=x', /unknown parameter sentinel_password/],
    ['redis-sentinel://s1:99999/m', /"s1:99999": the port must be from 1 to 65535/],
    ['redis-sentinel://s1:0/m', /the port must be from 1 to 65535/],
    ['redis-sentinel://s1,,s2/m', /"" is not host:port/],
    ['redis-sentinel://s_1:26379/m', /"s_1:26379" is not host:port/],
    ['redis-sentinel://u:%zz@s1/m', /malformed %-escape/],
    ['redis-cluster://n1:7000/0', /takes no path/],
    ['redis-cluster://n1:7000?db=1', /unknown parameter db/],
    ['redis-cluster://n1:port', /"n1:port" is not host:port/],
    ['redis-cluster://', /malformed/],
  ] as const) {
    it(`refuses ${url}, saying why`, () => {
      assert.match(errorOf(url), expected);
    });
  }

  describe('the client made from each form', () => {
    const made: (Redis | Cluster)[] = [];
    afterEach(() => {
      for (const client of made.splice(0)) client.disconnect();
    });
    const make = (url: string) => {
      const client = createRedisClient(url, CLIENT_OPTIONS);
      made.push(client);
      return client;
    };

    it('a plain URL: one Redis with the deadlines, no offline queue, not connected yet', () => {
      const client = make('redis://:pw@127.0.0.1:6390/4');
      assert.ok(client instanceof Redis);
      const o = client.options;
      assert.deepEqual(
        [o.host, o.port, o.db, o.password, o.connectTimeout, o.commandTimeout, o.socketTimeout],
        ['127.0.0.1', 6390, 4, 'pw', 1500, 200, 200],
      );
      assert.deepEqual([o.enableOfflineQueue, o.maxRetriesPerRequest, o.lazyConnect], [false, 0, true]);
      assert.equal(o.retryStrategy?.(3), 21);
      assert.equal(client.status, 'wait');
    });

    it('a Sentinel URL: a Redis that asks the Sentinels for the master', () => {
      const client = make(
        'redis-sentinel://:pw@127.0.0.1:26390,127.0.0.1:26391/mymaster?db=2&sentinelPassword=sp',
      );
      assert.ok(client instanceof Redis);
      const o = client.options;
      assert.deepEqual(o.sentinels, [
        { host: '127.0.0.1', port: 26390 },
        { host: '127.0.0.1', port: 26391 },
      ]);
      assert.deepEqual(
        [o.name, o.role, o.db, o.password, o.sentinelPassword, o.enableOfflineQueue, o.commandTimeout],
        ['mymaster', 'master', 2, 'pw', 'sp', false, 200],
      );
      assert.equal(o.sentinelRetryStrategy?.(2), 14);
      assert.equal(o.tls, undefined);
    });

    it('a cluster URL: an ioredis Cluster over the seed nodes, the deadlines on every node', () => {
      const client = make('redis-cluster://u:pw@127.0.0.1:7390,127.0.0.1:7391?tls=true');
      assert.ok(client instanceof Cluster);
      // ioredis keeps the seed nodes in a private field and has no accessor for them.
      const seeds = (client as unknown as { startupNodes: unknown }).startupNodes;
      assert.deepEqual(seeds, [
        { host: '127.0.0.1', port: 7390 },
        { host: '127.0.0.1', port: 7391 },
      ]);
      const o = client.options;
      assert.deepEqual([o.enableOfflineQueue, o.lazyConnect], [false, true]);
      assert.equal(o.clusterRetryStrategy?.(4), 28);
      assert.deepEqual(o.redisOptions, {
        connectTimeout: 1500,
        commandTimeout: 200,
        socketTimeout: 200,
        maxRetriesPerRequest: 0,
        autoResendUnfulfilledCommands: true,
        username: 'u',
        password: 'pw',
        tls: {},
      });
    });

    it('throws on a URL the configuration would refuse', () => {
      assert.throws(
        () => createRedisClient('redis-sentinel://s1', CLIENT_OPTIONS),
        /REDIS_URL redis-sentinel/,
      );
    });
  });
});
