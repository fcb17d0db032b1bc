/**
 * `pnpm -s analyze <file>... [--language id] [--mode m] [--audience a]
 * [--focus a,b] [--format json|markdown]`: runs the engine in process.
 * One file: the response body the API would return. Several: JSON Lines with
 * a `file` field. `-` reads standard input.
 */
import { setFlagsFromString } from 'node:v8';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  explainRequestSchema,
  errorDetailsFromZod,
  languageForFileName,
  summarizeDetails,
  toMarkdown,
  type ExplainResponse,
} from '@code-explain/shared';
import { createEngine, type Engine } from '../engine/engine.js';

const USAGE = `usage: pnpm -s analyze <file>... [--language id] [--mode m] [--audience a] [--focus a,b] [--format json|markdown]
  <file>      a file to explain; - reads standard input
  --language  language id or alias (default: from the file's extension; javascript for stdin)
  --mode      quick, standard, detailed, learning, performance, security, comparative (default standard)
  --audience  beginner, intermediate, advanced, expert (default intermediate)
  --focus     comma-separated focus areas, e.g. security,performance
  --format    json (default) or markdown`;

class UsageError extends Error {}

interface Options {
  readonly files: string[];
  readonly language: string | undefined;
  readonly mode: string | undefined;
  readonly audience: string | undefined;
  readonly focus: string[] | undefined;
  readonly format: 'json' | 'markdown';
}

function parseOptions(argv: string[]): Options {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      language: { type: 'string' },
      mode: { type: 'string' },
      audience: { type: 'string' },
      focus: { type: 'string' },
      format: { type: 'string', default: 'json' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) throw new UsageError('');
  if (positionals.length === 0) throw new UsageError('no files given');
  if (values.format !== 'json' && values.format !== 'markdown') {
    throw new UsageError(`--format must be json or markdown, not "${values.format}"`);
  }
  return {
    files: positionals,
    language: values.language,
    mode: values.mode,
    audience: values.audience,
    focus: values.focus
      ?.split(',')
      .map((f) => f.trim())
      .filter(Boolean),
    format: values.format,
  };
}

async function readSource(file: string, base: string): Promise<string> {
  if (file === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  return readFile(resolve(base, file), 'utf8');
}

type Outcome = { ok: true; response: ExplainResponse } | { ok: false; message: string; details?: unknown };

async function analyzeOne(engine: Engine, file: string, options: Options, base: string): Promise<Outcome> {
  let code: string;
  try {
    code = await readSource(file, base);
  } catch (err) {
    return {
      ok: false,
      message: `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    };
  }
  const language = options.language ?? (file === '-' ? undefined : languageForFileName(file));
  if (options.language === undefined && file !== '-' && language === undefined) {
    return { ok: false, message: `cannot tell the language of ${file} from its extension; pass --language` };
  }
  const parsed = explainRequestSchema.safeParse({
    code,
    ...(language !== undefined ? { language } : {}),
    ...(options.mode !== undefined ? { mode: options.mode } : {}),
    ...(options.audience !== undefined ? { audience: options.audience } : {}),
    ...(options.focus !== undefined ? { focus: options.focus } : {}),
  });
  if (!parsed.success) {
    const details = errorDetailsFromZod(parsed.error);
    return { ok: false, message: `invalid request for ${file}: ${summarizeDetails(details)}`, details };
  }
  try {
    return { ok: true, response: await engine.explain(parsed.data) };
  } catch (err) {
    return { ok: false, message: `${file}: ${err instanceof Error ? err.message : String(err)}` };
  }
}

export async function main(argv: string[], base: string): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(argv);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`${message ? `analyze: ${message}\n` : ''}${USAGE}\n`);
    return 2;
  }
  const engine = createEngine();
  let failed = false;
  try {
    const several = options.files.length > 1;
    for (const file of options.files) {
      const outcome = await analyzeOne(engine, file, options, base);
      if (!outcome.ok) {
        failed = true;
        process.stderr.write(`analyze: ${outcome.message}\n`);
        if (several && options.format === 'json') {
          process.stdout.write(
            `${JSON.stringify({ file, error: { message: outcome.message, details: outcome.details ?? [] } })}\n`,
          );
        }
        continue;
      }
      if (options.format === 'markdown') {
        process.stdout.write(`${toMarkdown(outcome.response, file === '-' ? 'standard input' : file)}\n`);
      } else if (several) {
        process.stdout.write(`${JSON.stringify({ file, ...outcome.response })}\n`);
      } else {
        process.stdout.write(`${JSON.stringify(outcome.response, null, 2)}\n`);
      }
    }
  } finally {
    await engine.dispose();
  }
  return failed ? 1 : 0;
}

// pnpm runs scripts from the package folder; INIT_CWD is where the user was.
// V8 optimises a grammar's WebAssembly in the background, and the process
// cannot exit before that work ends: seconds for a large grammar (Swift's
// took 7.5 s of a 8 s run). A one-shot command never profits from it, so the
// grammars run on the baseline compiler only (parsing is ~1.8× slower, which
// costs milliseconds here). Set before the first grammar is compiled.
setFlagsFromString('--liftoff-only');
process.exitCode = await main(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
