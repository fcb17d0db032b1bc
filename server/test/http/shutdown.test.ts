/**
 * Shutdown through `pnpm start` itself, as operators and developers run it:
 * pnpm in a process group of its own (as in a terminal), signalled the usual
 * ways — Ctrl-C (SIGINT to the whole group), SIGTERM to the group (process
 * managers, so pnpm relays it and node gets it twice), SIGTERM to node alone,
 * and SIGTERM to pnpm, once or twice 80 ms apart (a supervisor that watches
 * pnpm: it once died of the second while node was still closing). Each time,
 * five requests in flight finish, the server logs "stopped" and releases its
 * data folder, pnpm exits with status 0 only after node has, and a restart on
 * the same folder succeeds at once and counts the five in its usage
 * statistics (written by the shutdown alone: the periodic flush is an hour
 * apart here).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { explainResponseSchema, usageResponseSchema } from '@code-explain/shared';
import { waitFor } from './support/harness.js';
import { admin, cleanEnv, REPO_ROOT } from './support/processes.js';

type LogLine = Record<string, unknown> & { msg?: string };

/** `pnpm start` in a process group of its own; its JSON log lines parsed (pnpm's banner skipped). */
class PnpmStart {
  readonly lines: LogLine[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcessWithoutNullStreams;
  private output = '';

  constructor(env: NodeJS.ProcessEnv) {
    this.child = spawn('pnpm', ['start'], { cwd: REPO_ROOT, env, detached: true });
    let buffered = '';
    this.child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      this.output += text;
      buffered += text;
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const part of parts) if (part.startsWith('{')) this.lines.push(JSON.parse(part) as LogLine);
    });
    this.child.stderr.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  /** pnpm's pid, which is also its process group's id. */
  get group(): number {
    return this.child.pid!;
  }

  async line(match: (line: LogLine) => boolean, timeoutMs = 60_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.lines.find(match);
      if (found) return found;
      if (this.child.exitCode !== null || this.child.signalCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no such log line; output:\n${this.output}`);
  }

  /** The listening line: the port, and node's pid (pnpm's child). */
  async listening(): Promise<{ port: number; pid: number }> {
    const line = await this.line((l) => typeof l.port === 'number' && typeof l.pid === 'number');
    return { port: line.port as number, pid: line.pid as number };
  }

  /** Whether any process of the group is still there. */
  groupAlive(): boolean {
    try {
      process.kill(-this.group, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'ESRCH';
    }
  }

  signalGroup(signal: NodeJS.Signals): void {
    process.kill(-this.group, signal);
  }

  kill(): void {
    if (this.groupAlive()) this.signalGroup('SIGKILL');
  }

  get log(): string {
    return this.output;
  }
}

/** A request whose body is held back until finish(): in flight for as long as the test wants. */
interface InFlight {
  /** The connection is open (so the server can accept it). */
  readonly connected: Promise<void>;
  readonly response: Promise<{ status: number; text: string }>;
  finish(): void;
}

function heldRequest(port: number, key: string, body: Buffer): InFlight {
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/explain',
    agent: false,
    headers: { 'Content-Type': 'application/json', 'Content-Length': body.length, 'X-API-Key': key },
  });
  const connected = new Promise<void>((resolve, reject) => {
    request.once('socket', (socket) => socket.once('connect', () => resolve()));
    request.once('error', reject);
  });
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
  request.flushHeaders();
  request.write(body.subarray(0, 1000));
  return { connected, response, finish: () => request.end(body.subarray(1000)) };
}

/** Large enough that explaining it blocks the server for a good while (about 30 KB of calls). */
function largeExplain(i: number): Buffer {
  const code = `function f${i}() {}\n` + 'foo(bar(1), baz(2));\n'.repeat(1500);
  return Buffer.from(JSON.stringify({ code, language: 'javascript' }));
}

const CASES: readonly [string, (server: PnpmStart, nodePid: number) => void][] = [
  ['Ctrl-C (SIGINT to the process group)', (server) => server.signalGroup('SIGINT')],
  ['SIGTERM to the process group', (server) => server.signalGroup('SIGTERM')],
  ['SIGTERM to the node process alone', (_server, nodePid) => process.kill(nodePid, 'SIGTERM')],
  ['SIGTERM to pnpm alone', (server) => process.kill(server.group, 'SIGTERM')],
  [
    'SIGTERM to pnpm twice, 80 ms apart',
    (server) => {
      process.kill(server.group, 'SIGTERM');
      setTimeout(() => process.kill(server.group, 'SIGTERM'), 80);
    },
  ],
];

/** Whether a process is still there (a zombie not yet reaped counts). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

describe('shutdown under pnpm start', function () {
  this.timeout(180_000);
  const started: PnpmStart[] = [];
  const dataDirs: string[] = [];

  /** A data folder of the test's own (a failed test leaves no claim on the next one's), with a key. */
  const prepare = async (): Promise<{ env: NodeJS.ProcessEnv; key: string }> => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cex-shutdown-'));
    dataDirs.push(dataDir);
    const env = cleanEnv({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', USAGE_FLUSH_MS: '3600000' });
    const account = await admin(['accounts:create', '--email', 'stop@example.test', '--plan', 'pro'], env);
    assert.equal(account.code, 0, account.stderr);
    const created = await admin(['keys:create', '--email', 'stop@example.test', '--name', 'stop'], env);
    assert.equal(created.code, 0, created.stderr);
    return { env, key: (JSON.parse(created.stdout) as { key: string }).key };
  };

  const start = (env: NodeJS.ProcessEnv) => {
    const server = new PnpmStart(env);
    started.push(server);
    return server;
  };

  afterEach(() => {
    for (const server of started.splice(0)) server.kill();
  });

  after(async () => {
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  });

  it('exits at once on a second Ctrl-C a second or more after the first', async () => {
    const { env, key } = await prepare();
    const server = start(env);
    const { port } = await server.listening();
    // Never finished: without a second signal the server would wait for it.
    const held = heldRequest(port, key, largeExplain(0));
    await held.connected;
    assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200);

    server.signalGroup('SIGINT');
    await server.line((l) => /^shutting down/.test(l.msg ?? ''));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    server.signalGroup('SIGINT');

    await assert.rejects(held.response, 'the held request is cut');
    const exit = await server.exited;
    // The group's SIGINT reaches node directly (pnpm passes none on): node exits with 128 + 2, and pnpm with it.
    // Kept from when pnpm passed Ctrl-C on as SIGTERM, which on a busy machine could arrive first: 128 + 15.
    assert.ok(
      exit.signal === null && (exit.code === 130 || exit.code === 143),
      `${JSON.stringify(exit)}\n${server.log}`,
    );
    await server.line((l) => /^second signal: exiting at once/.test(l.msg ?? ''));
    await waitFor('the process group to exit', async () => !server.groupAlive());
  });

  for (const [what, send] of CASES) {
    it(`${what}: finishes 5 in-flight requests, logs "stopped", exits with its group, and restarts at once`, async () => {
      const { env, key } = await prepare();
      const server = start(env);
      const { port, pid } = await server.listening();

      const requests = Array.from({ length: 5 }, (_, i) => heldRequest(port, key, largeExplain(i)));
      await Promise.all(requests.map((r) => r.connected));
      // Connections are accepted in order: one answered on a newer connection
      // means the server has taken the five (and is reading their bodies).
      assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200);

      // The bodies complete as the signal goes out, so the server is busy
      // explaining while the signal (twice, for the group cases) arrives.
      for (const request of requests) request.finish();
      send(server, pid);

      const answers = await Promise.all(requests.map((r) => r.response));
      for (const [i, answer] of answers.entries()) {
        assert.equal(answer.status, 200, `request ${i}: ${answer.text}\n${server.log}`);
        explainResponseSchema.parse(JSON.parse(answer.text));
      }

      const exit = await server.exited;
      // pnpm exits only after node has: a supervisor watching pnpm sees the real end.
      assert.equal(alive(pid), false, `node was still running when pnpm exited:\n${server.log}`);
      assert.deepEqual(exit, { code: 0, signal: null }, server.log);
      assert.equal(server.lines.filter((l) => /^shutting down/.test(l.msg ?? '')).length, 1, server.log);
      assert.ok(
        server.lines.some((l) => l.msg === 'stopped'),
        `"stopped" is logged:\n${server.log}`,
      );
      assert.ok(!server.lines.some((l) => /second signal/.test(l.msg ?? '')), server.log);
      // pnpm exits only after node, so nothing of the group is left behind.
      await waitFor('the process group to exit', async () => !server.groupAlive());

      // The data folder was released: a new server takes it at once.
      const again = start(env);
      const restarted = await again.listening();
      assert.equal((await fetch(`http://127.0.0.1:${restarted.port}/healthz`)).status, 200);
      // Every acknowledged request was counted, though only the shutdown wrote the counts.
      const usage = await fetch(`http://127.0.0.1:${restarted.port}/api/usage`, {
        headers: { 'X-API-Key': key },
      });
      const counted = usageResponseSchema.parse(await usage.json()).totals;
      assert.deepEqual(
        [counted.requests, counted.outcomes['2xx'], counted.languages, counted.routes],
        [5, 5, { javascript: 5 }, { 'POST /api/explain': 5 }],
      );
      again.signalGroup('SIGTERM');
      assert.deepEqual(await again.exited, { code: 0, signal: null }, again.log);
    });
  }
});
