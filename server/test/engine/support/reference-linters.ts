/**
 * Established security linters run on the findings corpus, their findings
 * mapped onto our rule ids: bandit (Debian's package) for Python, gosec
 * (built from the Go module proxy at a pinned version into the repo's
 * .cache/) for Go, and ESLint with eslint-plugin-security and
 * eslint-plugin-no-unsanitized (devDependencies) for JavaScript and
 * TypeScript. Each tool runs with its own defaults (every rule, every
 * severity); findings of rules with no counterpart here are left out.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// A namespace import: the parser sets __esModule without a default export, so a default import is undefined under CommonJS interop.
import * as tsParser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import noUnsanitized from 'eslint-plugin-no-unsanitized';
import security from 'eslint-plugin-security';
import { z } from 'zod';
import { run } from './commands.js';
import type { Finding } from './findings-corpus.js';

/** A finding of another tool: the file it is in, our rule id for it, and the tool's own id. */
export interface ToolFinding extends Finding {
  readonly file: string;
  readonly toolRule: string;
}

export interface ReferenceTool {
  readonly name: string;
  /** Our rule ids by the tool's rule id. */
  readonly mapping: Readonly<Record<string, string>>;
  /** Runs the tool on corpus files (paths relative to `dir`). */
  readonly run: (dir: string, files: readonly string[]) => Promise<ToolFinding[]> | ToolFinding[];
}

function mapped(mapping: Readonly<Record<string, string>>, file: string, toolRule: string, line: number) {
  const rule = mapping[toolRule];
  return rule === undefined ? [] : [{ file, rule, line, toolRule }];
}

// ---------------------------------------------------------------------------------------------
// bandit

/**
 * bandit's plugin ids (bandit 1.6 to 1.8 as Debian ships them). B403/B404
 * and the other import-only warnings are not mapped: an import is no finding
 * of ours. B608 reports the string that builds the query, not the call.
 * Debian 12's bandit 1.6.2 predates Python 3.8's ast.Constant, so on the
 * Python 3.11 it runs under its string checks (B608, B105) never fire: its
 * low recall on SQL and hardcoded secrets is that version's, not bandit's.
 */
export const BANDIT_RULES: Readonly<Record<string, string>> = {
  B608: 'security/sql-injection',
  B602: 'security/command-injection',
  B604: 'security/command-injection',
  B605: 'security/command-injection',
  B102: 'security/code-injection',
  B307: 'security/code-injection',
  B301: 'security/unsafe-deserialization',
  B506: 'security/unsafe-deserialization',
  B303: 'security/weak-hash',
  B324: 'security/weak-hash',
  B311: 'security/weak-random',
  B323: 'security/tls-verification-disabled',
  B501: 'security/tls-verification-disabled',
  B105: 'security/hardcoded-secret',
  B106: 'security/hardcoded-secret',
  B107: 'security/hardcoded-secret',
  B110: 'best_practices/empty-catch',
  // Rules being built (their snippets are in planned/ until they land).
  B310: 'security/ssrf',
  B313: 'security/xxe',
  B314: 'security/xxe',
  B318: 'security/xxe',
  B319: 'security/xxe',
  B320: 'security/xxe',
};

const BanditReport = z.object({
  results: z.array(z.object({ filename: z.string(), line_number: z.number(), test_id: z.string() })),
  errors: z.array(z.object({ filename: z.string(), reason: z.string() })),
});

export const bandit: ReferenceTool = {
  name: 'bandit',
  mapping: BANDIT_RULES,
  run(dir, files) {
    // Exit status 1 means "issues found".
    const { stdout } = run(
      'bandit',
      ['-f', 'json', '-q', ...files],
      "Install Debian's bandit: apt-get install bandit (the test services do).",
      {
        cwd: dir,
        okStatuses: [0, 1],
      },
    );
    const report = BanditReport.parse(JSON.parse(stdout));
    if (report.errors.length > 0)
      throw new Error(
        `bandit could not read ${report.errors.map((e) => `${e.filename}: ${e.reason}`).join('; ')}`,
      );
    return report.results.flatMap((r) =>
      mapped(BANDIT_RULES, r.filename.replace(/^\.\//, ''), r.test_id, r.line_number),
    );
  },
};

// ---------------------------------------------------------------------------------------------
// gosec

export const GOSEC_MODULE = 'github.com/securego/gosec/v2/cmd/gosec';
export const GOSEC_VERSION = 'v2.30.0';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const GOSEC_BIN = join(REPO_ROOT, '.cache', 'gosec', GOSEC_VERSION, 'gosec');

/** gosec's rule ids. G501–G505 (imports of crypto packages) are left out: an import is no finding of ours. */
export const GOSEC_RULES: Readonly<Record<string, string>> = {
  G201: 'security/sql-injection',
  G202: 'security/sql-injection',
  G204: 'security/command-injection',
  G401: 'security/weak-hash',
  G404: 'security/weak-random',
  G402: 'security/tls-verification-disabled',
  G101: 'security/hardcoded-secret',
  // Rules being built.
  G304: 'security/path-traversal',
  G107: 'security/ssrf',
  // Request input written to an http.ResponseWriter: reflected XSS. G203 (template.HTML and its kin
  // given a variable) is another problem, escaping switched off in html/template, and is not mapped.
  G705: 'security/reflected-xss',
};

function goEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  // Never switch toolchains behind our back; gosec builds with the local one.
  return { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod', ...extra };
}

/** Builds gosec at the pinned version into .cache/ once (the Go module proxy serves it); returns its path. */
export function ensureGosec(): string {
  if (existsSync(GOSEC_BIN)) return GOSEC_BIN;
  run(
    'go',
    ['install', `${GOSEC_MODULE}@${GOSEC_VERSION}`],
    'The gosec comparison needs the Go toolchain (`go` on PATH) and the Go module proxy for its first build.',
    { cwd: tmpdir(), env: goEnv({ GOBIN: dirname(GOSEC_BIN) }) },
  );
  return GOSEC_BIN;
}

const GosecReport = z.object({
  Issues: z
    .array(z.object({ rule_id: z.string(), file: z.string(), line: z.string() }))
    .nullable()
    .transform((issues) => issues ?? []),
  'Golang errors': z.record(z.string(), z.unknown()).optional(),
});

/**
 * A driver's blank import (`_ "github.com/lib/pq"`) cannot be resolved
 * without the network and would make gosec skip the whole file: it is
 * blanked (the line stays, so line numbers hold). The snippets import
 * nothing else outside the standard library.
 */
function withoutBlankImports(code: string): string {
  return code.replace(/^(\s*)_ "[^"]+"\s*$/gm, '$1');
}

export const gosec: ReferenceTool = {
  name: 'gosec',
  mapping: GOSEC_RULES,
  run(dir, files) {
    const bin = ensureGosec();
    // Each snippet is its own package in one throw-away module, so package names never clash.
    const module = mkdtempSync(join(tmpdir(), 'gosec-corpus-'));
    try {
      writeFileSync(join(module, 'go.mod'), 'module corpus\n\ngo 1.22\n');
      const byPath = new Map<string, string>();
      files.forEach((file, i) => {
        const pkg = join(module, `p${i}`);
        mkdirSync(pkg);
        const path = join(pkg, file.split('/').pop()!);
        writeFileSync(path, withoutBlankImports(readFileSync(join(dir, file), 'utf8')));
        byPath.set(path, file);
      });
      const { stdout } = run(
        bin,
        ['-fmt=json', '-quiet', '-no-fail', './...'],
        'gosec failed on the corpus.',
        {
          cwd: module,
          // No network at run time: every import is in the standard library.
          env: goEnv({ GOPROXY: 'off' }),
        },
      );
      const report = GosecReport.parse(JSON.parse(stdout));
      const broken = Object.keys(report['Golang errors'] ?? {});
      if (broken.length > 0)
        throw new Error(`gosec could not type-check ${broken.map((p) => byPath.get(p) ?? p).join(', ')}`);
      return report.Issues.flatMap((issue) =>
        mapped(
          GOSEC_RULES,
          byPath.get(issue.file) ?? issue.file,
          issue.rule_id,
          Number.parseInt(issue.line, 10),
        ),
      );
    } finally {
      rmSync(module, { recursive: true, force: true });
    }
  },
};

// ---------------------------------------------------------------------------------------------
// ESLint with eslint-plugin-security and eslint-plugin-no-unsanitized

export const ESLINT_RULES: Readonly<Record<string, string>> = {
  'security/detect-eval-with-expression': 'security/code-injection',
  'security/detect-child-process': 'security/command-injection',
  'security/detect-pseudoRandomBytes': 'security/weak-random',
  'security/detect-disable-mustache-escape': 'security/html-injection',
  'no-unsanitized/property': 'security/html-injection',
  'no-unsanitized/method': 'security/html-injection',
  // Rules being built.
  'security/detect-non-literal-fs-filename': 'security/path-traversal',
};

function eslintConfig(): Linter.Config[] {
  const rules: Linter.RulesRecord = {};
  for (const name of Object.keys(security.rules ?? {})) rules[`security/${name}`] = 'warn';
  for (const name of Object.keys(noUnsanitized.rules ?? {})) rules[`no-unsanitized/${name}`] = 'warn';
  const shared = {
    plugins: { security, 'no-unsanitized': noUnsanitized },
    rules,
  };
  return [
    {
      files: ['**/*.js'],
      // React components are JavaScript with JSX, as in the engine's grammar.
      languageOptions: {
        ecmaVersion: 'latest',
        sourceType: 'module',
        parserOptions: { ecmaFeatures: { jsx: true } },
      },
      ...shared,
    },
    // TypeScript through typescript-eslint's parser, without type information (the plugins use none).
    { files: ['**/*.ts'], languageOptions: { parser: tsParser, sourceType: 'module' }, ...shared },
  ];
}

export const eslintSecurity: ReferenceTool = {
  name: 'eslint (security + no-unsanitized)',
  mapping: ESLINT_RULES,
  async run(dir, files) {
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: eslintConfig(),
      ignore: false,
    });
    const results = await eslint.lintFiles([...files]);
    return results.flatMap((result) => {
      const file = relative(dir, result.filePath);
      const fatal = result.messages.find((m) => m.fatal);
      if (fatal) throw new Error(`ESLint could not parse ${file}: ${fatal.message}`);
      return result.messages.flatMap((m) => (m.ruleId ? mapped(ESLINT_RULES, file, m.ruleId, m.line) : []));
    });
  },
};
