/** Running the service's own commands as child processes, as operators do. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const SERVICE_VARIABLES = new Set([
  'MONGODB_URI',
  'REDIS_URL',
  'DATA_DIR',
  'NODE_ENV',
  'PORT',
  'HOST',
  'LOG_LEVEL',
  'ENGINE_WORKERS',
  'ENGINE_TIMEOUT_MS',
  'ENGINE_QUEUE_LIMIT',
  'ENGINE_QUEUE_WAIT_MS',
  'TRUST_PROXY',
  'TLS_CERT_FILE',
  'TLS_KEY_FILE',
  'ALLOW_INSECURE_HTTP',
  'METRICS_PORT',
  'METRICS_HOST',
  'METRICS_TOKEN',
]);

/** The environment minus the service's own variables, so a child sees only what a test gives it. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([name]) => !SERVICE_VARIABLES.has(name));
  return { ...Object.fromEntries(inherited), ...extra };
}

export interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function run(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  input?: string,
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (input !== undefined) child.stdin?.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Node running a TypeScript entry point of the server through tsx, as the root scripts do. */
export const TSX_NODE_ARGS = ['--conditions=@code-explain/source', '--import', 'tsx'] as const;

/** `input`, when given, is piped to the command's standard input. */
export function admin(args: readonly string[], env: NodeJS.ProcessEnv, input?: string): Promise<Finished> {
  return run(process.execPath, [...TSX_NODE_ARGS, 'server/src/admin/cli.ts', ...args], env, input);
}
