/**
 * A real Redis Sentinel on loopback (Debian's redis-server in --sentinel
 * mode) watching a master and a replica of the test's own: every Redis user
 * of the service (the rate limiter, the dashboard's sessions store) works
 * through a redis-sentinel:// URL, and works again on the new master after a
 * planned failover (SENTINEL FAILOVER: both servers stay up, the old master
 * becomes a replica) and after the master is killed and its replica promoted.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import Koa from 'koa';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRedisRateLimiter, type RateLimiter } from '../../src/limits/limiter.js';
import { createLogger } from '../../src/logging.js';
import { createRedisStore, type ExpiringStore } from '../../src/sessions/kv.js';
import type { AppState } from '../../src/http/context.js';
import { freeLoopbackPort, redisAnswers } from '../http/support/redis-server.js';

/** A redis-server (plain or Sentinel) of the test's own, killed at the end. */
class RedisNode {
  private output = '';
  readonly exited: Promise<void>;

  constructor(
    readonly port: number,
    private readonly child: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString('utf8')).slice(-4000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  static async start(args: readonly string[], port: number): Promise<RedisNode> {
    const node = new RedisNode(port, spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] }));
    const deadline = Date.now() + 30_000;
    while (!(await redisAnswers(port))) {
      if (node.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`redis-server ${args.join(' ')} did not start:\n${node.output}`);
      }
      await sleep(50);
    }
    return node;
  }

  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  log(): string {
    return this.output;
  }
}

/** No persistence; `dir` keeps the file a full resync writes (master and replica) out of the working tree. */
const serverArgs = (port: number, dir: string) => [
  '--dir',
  dir,
  '--port',
  String(port),
  '--bind',
  '127.0.0.1',
  '--save',
  '',
  '--appendonly',
  'no',
];

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The limiter's middleware on a bare Koa app: each request counted for one account. */
async function limitedApp(limiter: RateLimiter): Promise<{ url: string; server: Server }> {
  const app = new Koa<AppState>();
  app.use(async (ctx, next) => {
    ctx.state.account = { id: 'sentinel-account', plan: 'pro' } as AppState['account'];
    try {
      await next();
    } catch (error) {
      ctx.status = (error as { status?: number }).status ?? 500;
    }
  });
  app.use(limiter.middleware);
  app.use((ctx) => {
    ctx.body = 'ok';
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('Redis through Sentinel (redis-sentinel:// URLs)', function () {
  this.timeout(180_000);
  let dir: string;
  const nodes: RedisNode[] = [];
  let master: RedisNode;
  let replica: RedisNode;
  let url: string;
  let sentinelPort: number;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cex-sentinel-'));
    const [masterPort, replicaPort] = [await freeLoopbackPort(), await freeLoopbackPort()];
    sentinelPort = await freeLoopbackPort();
    master = await RedisNode.start(serverArgs(masterPort, dir), masterPort);
    nodes.push(master);
    replica = await RedisNode.start(
      [...serverArgs(replicaPort, dir), '--replicaof', '127.0.0.1', String(masterPort)],
      replicaPort,
    );
    nodes.push(replica);
    // Sentinel rewrites its configuration file, so it gets one of its own, writable.
    const conf = join(dir, 'sentinel.conf');
    await writeFile(
      conf,
      [
        `port ${sentinelPort}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor cexmaster 127.0.0.1 ${masterPort} 1`,
        'sentinel down-after-milliseconds cexmaster 1000',
        'sentinel failover-timeout cexmaster 10000',
        '',
      ].join('\n'),
    );
    nodes.push(await RedisNode.start([conf, '--sentinel'], sentinelPort));
    // Unlisted hosts first: the client tries each Sentinel in turn.
    url = `redis-sentinel://127.0.0.1:${await freeLoopbackPort()},127.0.0.1:${sentinelPort}/cexmaster`;
    // The replica has synced, so a failover has somewhere to go.
    const probe = new Redis(replicaPort, '127.0.0.1');
    try {
      await until(
        'the replica to sync',
        async () => /master_link_status:up/.test(await probe.info('replication')),
        60_000,
      );
    } finally {
      probe.disconnect();
    }
  });

  after(async () => {
    for (const node of nodes) await node.kill();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('counts rate limits and keeps dashboard sessions through Sentinel, and on the new master after a planned failover and after the master dies', async () => {
    const limiter = await createRedisRateLimiter({
      url,
      quotas: { pro: 1000, enterprise: 1000 },
      namespace: 'cex-test:sentinel',
      logger: createLogger('silent'),
      timeoutMs: 2000,
      connectTimeoutMs: 2000,
    });
    const sessions: ExpiringStore = await createRedisStore({
      url,
      namespace: 'cex-test:sentinel-sessions',
      timeoutMs: 2000,
      connectTimeoutMs: 2000,
    });
    const { url: appUrl, server } = await limitedApp(limiter);
    try {
      for (let i = 0; i < 3; i++) assert.equal((await fetch(appUrl)).status, 200);
      const window = await limiter.peek({ id: 'sentinel-account', plan: 'pro' });
      assert.equal(window.used, 3, 'counted in Redis, not in memory');
      assert.deepEqual(limiter.state(), { counting: 'redis', redis: 'up' });
      await sessions.put('session-1', 'alice', 600_000);
      assert.equal(await sessions.get('session-1'), 'alice');

      // The writes went to the master Sentinel named, and reached its replica.
      const direct = new Redis(master.port, '127.0.0.1');
      assert.equal(await direct.get('cex-test:sentinel-sessions:session-1'), 'alice');
      direct.disconnect();

      const sentinel = new Redis(sentinelPort, '127.0.0.1');
      const masterIs = (port: number) =>
        until(
          `the Sentinel to name 127.0.0.1:${port} the master`,
          async () => {
            const [, named] = (await sentinel.call('SENTINEL', 'get-master-addr-by-name', 'cexmaster')) as [
              string,
              string,
            ];
            return Number(named) === port;
          },
          90_000,
        );
      /**
       * Both users write to the master on `port`. Writes that reach the old master in the moment before it
       * is demoted are lost with it (Redis replicates asynchronously), so each is retried until it lands.
       */
      const bothWriteTo = async (port: number, session: string) => {
        const direct = new Redis(port, '127.0.0.1');
        try {
          await until(
            `a session written on 127.0.0.1:${port}`,
            async () => {
              await sessions.put(session, 'someone', 600_000);
              return (await direct.get(`cex-test:sentinel-sessions:${session}`)) === 'someone';
            },
            60_000,
          );
          assert.match(await direct.info('replication'), /role:master/);
          const counted = () => direct.zcard('cex-test:sentinel:sentinel-account');
          const before = await counted();
          await until(
            `a request counted on 127.0.0.1:${port}`,
            async () => {
              assert.equal((await fetch(appUrl)).status, 200);
              return limiter.state().counting === 'redis' && (await counted()) > before;
            },
            60_000,
          );
          // The limiter reads its window from there too.
          assert.equal((await limiter.peek({ id: 'sentinel-account', plan: 'pro' })).used, await counted());
        } finally {
          direct.disconnect();
        }
      };

      try {
        // A planned failover: both servers stay up and swap roles; the clients must leave the demoted one.
        await sentinel.call('SENTINEL', 'FAILOVER', 'cexmaster');
        await masterIs(replica.port);
        await bothWriteTo(replica.port, 'session-2');

        // The new master dies; the Sentinel promotes the first one back once it has caught up.
        const former = new Redis(master.port, '127.0.0.1');
        try {
          await until(
            'the demoted master to sync as a replica',
            async () => /master_link_status:up/.test(await former.info('replication')),
            60_000,
          );
        } finally {
          former.disconnect();
        }
        await replica.kill();
        await masterIs(master.port);
        await bothWriteTo(master.port, 'session-3');
        assert.equal(await sessions.get('session-1'), 'alice');
      } finally {
        sentinel.disconnect();
      }
    } finally {
      server.close();
      await limiter.close();
      await sessions.close();
    }
  });
});
