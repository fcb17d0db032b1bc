/**
 * A `redis-server` of a test's own on a free loopback port, for outages the
 * test causes itself (stop, restart, freeze, thaw) — never the suite's shared
 * Redis, which other tests use at the same time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port that was free a moment ago on 127.0.0.1. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** True when a Redis server answers PING on the port within a second. */
export function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}

export class RedisProcess {
  private child: ChildProcess | undefined;
  private output = '';

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts a server without persistence on a free port and waits until it answers. */
  static async start(): Promise<RedisProcess> {
    const redis = new RedisProcess(await freeLoopbackPort());
    await redis.restart();
    return redis;
  }

  /** Starts it (again) on the same port. */
  async restart(): Promise<void> {
    if (this.child) throw new Error('redis-server is still running');
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString('utf8')).slice(-4000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + 20_000;
    while (!(await redisAnswers(this.port))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`redis-server on port ${this.port} did not start:\n${this.output}`);
      }
      await sleep(50);
    }
  }

  /** Kills it outright, as a crash would, and waits until it is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    await exited;
  }

  /** Freezes it: connections stay open, nothing is answered. */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  thaw(): void {
    this.child?.kill('SIGCONT');
  }
}
