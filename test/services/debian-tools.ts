/**
 * Debian packages the reference-tool comparisons run (python3-mccabe for
 * Python, pmccabe for C, bandit for the findings corpus) and read (openjdk-17-source: the JDK's own sources,
 * a Java corpus; a few of Debian's Rust crates, for the claim audit); and the browser the dashboard's end-to-end tests drive (Debian's chromium, without its
 * recommended extras, as test/services/code-server.ts installs it); and haproxy and sqlite3 for the
 * operations tests (a load balancer, the backup shell), without recommends. The test runs an HAProxy of its own
 * from a temporary folder; where init allows it, Debian's install also starts the system's haproxy, which no
 * test uses. Installed when missing and we are root, as on this project's machines and CI; otherwise a
 * clear message says what to install.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const REFERENCE_PACKAGES = [
  'python3-mccabe',
  'pmccabe',
  'openjdk-17-source',
  'bandit',
  // Rust crates' sources, which the claim audit reads (server/scripts/audit/corpus.ts).
  'librust-serde-dev',
  'librust-regex-syntax-dev',
  'librust-memchr-dev',
  'librust-aho-corasick-dev',
] as const;
export const BROWSER_PACKAGES = ['chromium'] as const;
/**
 * What the operations tests run: HAProxy in front of three instances (server/test/production/support/haproxy.ts), and
 * the sqlite3 shell that backs up the embedded store as docs/operations.md says (server/test/production/backup.test.ts).
 */
export const OPERATIONS_PACKAGES = ['haproxy', 'sqlite3'] as const;

async function installed(pkg: string): Promise<boolean> {
  try {
    const { stdout } = await run('dpkg-query', ['-W', '-f=${Status}', pkg]);
    return stdout.includes('install ok installed');
  } catch {
    return false;
  }
}

export async function ensureDebianPackages(
  packages: readonly string[] = REFERENCE_PACKAGES,
  options: { readonly recommends?: boolean } = {},
): Promise<void> {
  const missing: string[] = [];
  for (const pkg of packages) if (!(await installed(pkg))) missing.push(pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `the metric comparisons, browser and load-balancer tests need Debian packages: sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  console.error(
    `with-services: installing ${missing.join(', ')} (reference tools for the metric tests, the browser, the load balancer, sqlite3)…`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env, maxBuffer: 16 * 1024 * 1024 });
  const recommends = options.recommends === false ? ['--no-install-recommends'] : [];
  await run('apt-get', ['install', '-y', '-qq', ...recommends, ...missing], {
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
}
