/**
 * `pnpm -s admin <command>`: accounts, plans and keys for operators, on the
 * same configuration and storage as the server (MONGODB_URI, else DATA_DIR).
 * Prints JSON on stdout; errors go to stderr with exit code 1 (2 for usage).
 *
 *   accounts:create --email E --plan P [--password-stdin]   → {"id","email","plan"}
 *   accounts:set-plan --email E --plan P                    → {"id","email","plan"}
 *   accounts:set-password --email E --password-stdin        → {"id","email","plan"}
 *   keys:create --email E [--name N]        → {"id","key","prefix","name"} (the only time the key is shown)
 *   keys:list --email E                     → [{"id","prefix","name","createdAt","revokedAt"}]
 *   keys:revoke --id ID                     → {"id","prefix","name","createdAt","revokedAt"}
 *
 * A password is only ever read from standard input (`--password-stdin`, one
 * line; a final newline is not part of it), never from the arguments, which
 * other users of the machine can read in the process list and shells keep in
 * their history.
 */
import { apiKeyNameSchema, emailSchema, errorDetailsFromZod, planSchema } from '@code-explain/shared';
import { Command, CommanderError } from 'commander';
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { AccountError, createAccountService, type AccountService } from '../service/accounts.js';
import { openStore } from '../store/open.js';

class UsageError extends Error {}

const idSchema = z
  .string({ error: 'id must be a string' })
  .regex(/^[A-Za-z0-9]{1,64}$/, 'id must be 1 to 64 letters and digits');

const argsSchemas = {
  account: z.object({ email: emailSchema, plan: planSchema }),
  accountCreate: z.object({ email: emailSchema, plan: planSchema, passwordStdin: z.boolean().optional() }),
  setPassword: z.object({ email: emailSchema, passwordStdin: z.boolean().optional() }),
  keyCreate: z.object({ email: emailSchema, name: apiKeyNameSchema.default('default') }),
  keyList: z.object({ email: emailSchema }),
  keyRevoke: z.object({ id: idSchema }),
};

function parseArgs<S extends z.ZodType>(schema: S, options: unknown): z.output<S> {
  const parsed = schema.safeParse(options);
  if (!parsed.success) {
    const details = errorDetailsFromZod(parsed.error);
    throw new UsageError(details.map((d) => `--${d.path}: ${d.message}`).join('; '));
  }
  return parsed.data;
}

/** The password piped to this command: all of standard input, less one final line break. */
async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    throw new UsageError('--password-stdin reads the password from a pipe, e.g. `printf %s "$PASSWORD" | …`');
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (text === '') throw new UsageError('--password-stdin: standard input was empty');
  if (text.includes('\n')) throw new UsageError('--password-stdin: the password must be one line');
  return text;
}

/** Opens the store, runs one operation, prints its result as JSON, closes the store. */
async function withService(operation: (service: AccountService) => Promise<unknown>): Promise<void> {
  // It serves nothing: the certificate and the HTTP settings are the service's alone.
  const loaded = loadConfig(process.env, { serve: false });
  if (!loaded.ok) throw new Error(`invalid configuration: ${loaded.errors.join('; ')}`);
  const store = await openStore(loaded.config);
  try {
    const result = await operation(createAccountService({ store }));
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await store.close();
  }
}

function buildProgram(): Command {
  const program = new Command('admin')
    .description('Manage Code Explain accounts, plans and API keys.')
    .exitOverride()
    .showHelpAfterError(false);

  program
    .command('accounts:create')
    .description('create an account')
    .requiredOption('--email <email>', 'the account holder’s email')
    .requiredOption('--plan <plan>', 'free, pro or enterprise')
    .option('--password-stdin', 'read a dashboard password from standard input')
    .action(async (options: unknown) => {
      const { email, plan, passwordStdin } = parseArgs(argsSchemas.accountCreate, options);
      const password = passwordStdin === true ? await passwordFromStdin() : undefined;
      await withService((service) => service.createAccount(email, plan, password));
    });

  program
    .command('accounts:set-password')
    .description("set an account's dashboard password, read from standard input")
    .requiredOption('--email <email>', 'the account’s email')
    .option('--password-stdin', 'read the password from standard input (required: never from arguments)')
    .action(async (options: unknown) => {
      const { email, passwordStdin } = parseArgs(argsSchemas.setPassword, options);
      if (passwordStdin !== true) {
        throw new UsageError('--password-stdin is required: the password is read from standard input only');
      }
      const password = await passwordFromStdin();
      await withService((service) => service.setPassword(email, password));
    });

  program
    .command('accounts:set-plan')
    .description("change an account's plan")
    .requiredOption('--email <email>', 'the account’s email')
    .requiredOption('--plan <plan>', 'free, pro or enterprise')
    .action(async (options: unknown) => {
      const { email, plan } = parseArgs(argsSchemas.account, options);
      await withService((service) => service.setPlan(email, plan));
    });

  program
    .command('keys:create')
    .description('create an API key (pro and enterprise accounts only); prints the key once')
    .requiredOption('--email <email>', 'the account’s email')
    .option('--name <name>', 'a label for the key')
    .action(async (options: unknown) => {
      const { email, name } = parseArgs(argsSchemas.keyCreate, options);
      await withService((service) => service.createKey(email, name));
    });

  program
    .command('keys:list')
    .description("list an account's keys (prefixes only)")
    .requiredOption('--email <email>', 'the account’s email')
    .action(async (options: unknown) => {
      const { email } = parseArgs(argsSchemas.keyList, options);
      await withService((service) => service.listKeys(email));
    });

  program
    .command('keys:revoke')
    .description('revoke a key; the server refuses it within seconds')
    .requiredOption('--id <id>', 'the key’s id')
    .action(async (options: unknown) => {
      const { id } = parseArgs(argsSchemas.keyRevoke, options);
      await withService((service) => service.revokeKey(id));
    });

  return program;
}

async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has printed its message (or the help, which is no error).
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`admin: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof AccountError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`admin: ${message}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
