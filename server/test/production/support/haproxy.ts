/**
 * Debian's HAProxy as a load balancer on loopback, run by a test: its
 * configuration in a folder of the test's own, in the foreground (`-db`), its
 * log (requests and health-check changes) on stdout, so it needs no
 * root-owned path and stops with the test. `with-services` installs the
 * package when it is missing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const HAPROXY = '/usr/sbin/haproxy';

export interface BalancerOptions {
  /** The loopback port HAProxy listens on. */
  readonly port: number;
  /** The instances' loopback ports, balanced round-robin. */
  readonly upstreams: readonly number[];
  /** How often each instance's /healthz is checked. */
  readonly checkIntervalMs: number;
}

/**
 * The configuration, as docs/operations.md recommends it (less TLS):
 * - An active health check of `/healthz` every `checkIntervalMs`: one failure
 *   takes an instance out, one success puts it back. An instance that is
 *   shutting down answers 503 `draining` for SHUTDOWN_DRAIN_MS while still
 *   serving, so it is out before it stops listening and no request meets a
 *   closing port.
 * - Retries on another instance (`option redispatch`): any request that could
 *   not be handed to an instance (connection refused: it stopped before a
 *   check noticed), and a GET or HEAD whose instance closed without answering
 *   (killed mid-request). Any other request that reached an instance is never
 *   sent again (`disable-l7-retry`): it may have been saved and counted there.
 * - X-Forwarded-For and -Proto set, replacing what the client sent, for TRUST_PROXY=true.
 * - A log line per request with the instance that served it and the retries,
 *   so a test can see where requests went.
 */
export function haproxyConfig(options: BalancerOptions): string {
  const servers = options.upstreams.map((port) => `  server i${port} 127.0.0.1:${port} check`).join('\n');
  return `global
  log stdout format raw local0 info
  maxconn 4096

defaults
  mode http
  log global
  timeout connect 5s
  timeout client 130s
  timeout server 130s
  timeout check 5s
  retries 3
  retry-on conn-failure empty-response
  option redispatch 1

frontend api
  bind 127.0.0.1:${options.port}
  log-format "access %HM %HU %ST %si:%sp %rc"
  http-request set-header X-Forwarded-For %[src]
  http-request set-header X-Forwarded-Proto http
  http-request disable-l7-retry unless METH_GET or METH_HEAD
  default_backend code_explain

backend code_explain
  balance roundrobin
  option httpchk GET /healthz
  http-check expect status 200
  default-server inter ${options.checkIntervalMs} fastinter ${options.checkIntervalMs} downinter ${options.checkIntervalMs} fall 1 rise 1
${servers}
`;
}

export interface AccessLine {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** The instance that answered ("127.0.0.1:port"). */
  readonly server: string;
  /** How many times HAProxy tried again after a connection failed. */
  readonly retries: number;
}

/** A health check's verdict on an instance: it was taken out, or put back. */
export interface ServerChange {
  readonly port: number;
  readonly state: 'UP' | 'DOWN';
}

export class Haproxy {
  private output = '';

  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
    readonly exited: Promise<number | null>,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
  }

  /** Writes the configuration into `dir`, checks it with `haproxy -c`, starts HAProxy and waits until it answers. */
  static async start(dir: string, options: BalancerOptions): Promise<Haproxy> {
    const conf = join(dir, 'haproxy.cfg');
    await writeFile(conf, haproxyConfig(options));
    const checked = await runHaproxy(['-c', '-f', conf]);
    if (checked.code !== 0) throw new Error(`haproxy -c refused the configuration:\n${checked.output}`);
    const child = spawn(HAPROXY, ['-db', '-f', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const haproxy = new Haproxy(`http://127.0.0.1:${options.port}`, child, exited);
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`haproxy exited: ${haproxy.log()}`);
      try {
        // Any answer (a 503 before the instances are up) means HAProxy listens.
        await fetch(`${haproxy.url}/healthz`);
        return haproxy;
      } catch {
        if (Date.now() > deadline) throw new Error(`haproxy did not answer: ${haproxy.log()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  log(): string {
    return this.output;
  }

  /** One entry per request HAProxy answered, so far. */
  accessLog(): AccessLine[] {
    return this.output.split('\n').flatMap((line) => {
      const match = /^access (\S+) (\S+) (\d+) (\S+) \+?(\d+)$/.exec(line.trim());
      if (!match) return [];
      return [
        {
          method: match[1]!,
          path: match[2]!,
          status: Number(match[3]),
          server: match[4]!,
          retries: Number(match[5]),
        },
      ];
    });
  }

  /** Every time a health check took an instance out or put it back, in order. */
  serverChanges(): ServerChange[] {
    return [...this.output.matchAll(/^Server code_explain\/i(\d+) is (UP|DOWN)/gm)].map((m) => ({
      port: Number(m[1]),
      state: m[2] as 'UP' | 'DOWN',
    }));
  }

  /** SIGUSR1: HAProxy's soft stop (finishes what it has, then exits). */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGUSR1');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}

function runHaproxy(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(HAPROXY, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}
