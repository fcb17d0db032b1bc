import type { ChildProcess } from 'node:child_process';
import { createServer, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient } from 'mongodb';

/** A port that was free a moment ago on 127.0.0.1. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** True when a Redis server answers PING at host:port within a second. */
export function redisPing(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
    socket.connect(port, host, () => socket.write('PING\r\n'));
  });
}

/** True when a MongoDB-wire server at uri answers the ping command. */
export async function mongoPing(uri: string): Promise<boolean> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 1000, connectTimeoutMS: 1000 });
  try {
    await client.connect();
    const reply = await client.db('admin').command({ ping: 1 });
    return reply.ok === 1;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Polls ready() until it is true; fails early if the process exits. */
export async function waitFor(
  what: string,
  child: ChildProcess,
  log: () => string,
  ready: () => Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${what} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log()}`,
      );
    }
    if (await ready()) return;
    await sleep(100);
  }
  throw new Error(`${what} was not ready after ${timeoutMs} ms:\n${log()}`);
}

/** SIGTERM, then SIGKILL if the process has not exited within the grace period. */
export async function stopProcess(
  child: ChildProcess,
  graceMs = 5000,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
