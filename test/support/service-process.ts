/**
 * The service as its own process (server/src/main.ts through tsx, as
 * `pnpm start` runs it), for tests that must see it survive: its JSON log
 * lines, its URL once it listens, whether it is still alive.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The service's own variables are dropped from the inherited environment, so a test sets all it means. */
const SERVICE_VARIABLES =
  /^(MONGODB_URI|REDIS_URL|DATA_DIR|NODE_ENV|PORT|HOST|LOG_LEVEL|RATE_LIMIT_.*|STORE_.*|ENGINE_.*|REDIS_.*)$/;

export type LogLine = Record<string, unknown> & { msg?: string; level?: string };

export interface ServiceProcess {
  readonly url: string;
  readonly lines: readonly LogLine[];
  readonly stderr: () => string;
  alive(): boolean;
  /** SIGTERM, then SIGKILL if it has not exited within 20 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export async function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !SERVICE_VARIABLES.test(name)),
  );
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--conditions=@code-explain/source', '--import', 'tsx', 'server/src/main.ts'],
    { cwd: REPO_ROOT, env: { ...inherited, PORT: '0', ...env } },
  );
  const lines: LogLine[] = [];
  let buffered = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const part of parts) {
      if (!part.trim()) continue;
      try {
        lines.push(JSON.parse(part) as LogLine);
      } catch {
        lines.push({ msg: part });
      }
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-20_000)));
  // 'close', not 'exit': a pipe can still hold the last log lines when the process has exited, and
  // a test reading `lines` after `stop()` must see them all.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const alive = () => child.exitCode === null && child.signalCode === null;

  const deadline = Date.now() + 60_000;
  let port: number | undefined;
  while (port === undefined) {
    port = lines.find((l) => typeof l.port === 'number')?.port as number | undefined;
    if (port !== undefined) break;
    if (!alive() || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the service did not start: ${JSON.stringify(lines)}\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `${env.TLS_CERT_FILE === undefined ? 'http' : 'https'}://127.0.0.1:${port}`,
    lines,
    stderr: () => stderr,
    alive,
    async stop() {
      if (!alive()) return await exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
