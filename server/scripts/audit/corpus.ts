/**
 * Where the audit finds real code on this machine: the npm packages the
 * workspace installed, Debian's Python standard library, Go's standard
 * library, the JDK's sources (`openjdk-17-source`) and Debian's Rust crates.
 * A source that is not installed is reported as missing, never guessed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LanguageId } from '@code-explain/shared';

export interface Source {
  readonly name: string;
  readonly language: LanguageId;
  /** Folders walked, and the files kept from them. */
  readonly roots: () => readonly string[];
  readonly include: RegExp;
  readonly exclude?: RegExp;
}

/** Files larger than this are bundles or generated tables, not code a reader brings. */
export const MAX_FILE_BYTES = 150_000;

const workspace = resolve(import.meta.dirname, '../../..');

/** The JDK's `java.base` sources, unpacked once into the temporary folder. */
function jdkSources(): readonly string[] {
  const zip = ['/usr/lib/jvm/openjdk-17/lib/src.zip', '/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip'].find(
    existsSync,
  );
  if (!zip) return [];
  const into = join(tmpdir(), 'code-explain-audit', 'jdk17');
  const base = join(into, 'java.base');
  mkdirSync(into, { recursive: true });
  if (!existsSync(base))
    execFileSync('unzip', ['-q', '-o', zip, 'java.base/*', '-d', into], { timeout: 120_000 });
  return [base];
}

export const SOURCES: readonly Source[] = [
  {
    name: 'npm packages (JavaScript)',
    language: 'javascript',
    roots: () => [join(workspace, 'node_modules/.pnpm')],
    include: /\.(js|mjs|cjs)$/,
    exclude: /\.min\.|[/\\](dist|umd|bundle|browser)[/\\].*\.(js|cjs)$|[/\\]\.bin[/\\]/,
  },
  {
    name: 'npm packages (TypeScript)',
    language: 'typescript',
    roots: () => [join(workspace, 'node_modules/.pnpm')],
    include: /\.(ts|mts|cts)$/,
    exclude: /\.d\.[mc]?ts$/,
  },
  {
    name: "Debian's Python standard library",
    language: 'python',
    roots: () => ['/usr/lib/python3.11', '/usr/lib/python3/dist-packages'].filter(existsSync),
    include: /\.py$/,
  },
  {
    name: "Go's standard library",
    language: 'go',
    roots: () => ['/usr/local/go/src', '/usr/lib/go/src'].filter(existsSync).slice(0, 1),
    include: /\.go$/,
    exclude: /[/\\]testdata[/\\]/,
  },
  { name: 'the JDK (java.base)', language: 'java', roots: jdkSources, include: /\.java$/ },
  {
    name: "Debian's Rust crates",
    language: 'rust',
    roots: () => ['/usr/share/cargo/registry'].filter(existsSync),
    include: /\.rs$/,
  },
];

/** The source's files, sorted, each at most MAX_FILE_BYTES. */
export function filesOf(source: Source): string[] {
  const files: string[] = [];
  for (const root of source.roots()) {
    for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!source.include.test(entry) || source.exclude?.test(`/${entry}`)) continue;
      const path = join(root, entry);
      try {
        const stat = statSync(path);
        if (stat.isFile() && stat.size > 0 && stat.size <= MAX_FILE_BYTES) files.push(path);
      } catch {
        // A dangling link: nothing to read.
      }
    }
  }
  // The same package can be installed at several versions: one copy of each path inside a package.
  const seen = new Set<string>();
  return files.sort().filter((f) => {
    const key = f.replace(/^.*node_modules[/\\]/, '');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every `step`-th file, so a bounded sample spreads over the whole source. */
export function spread<T>(items: readonly T[], limit: number): T[] {
  if (items.length <= limit) return [...items];
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, i) => items[Math.floor(i * step)]!);
}
