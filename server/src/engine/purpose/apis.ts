/**
 * What calling a well-known API means: reading a file, running a shell
 * command, querying a database. Each language lists its catalogue (`apis` in
 * languages/); side effects are said only when a call matches an entry there,
 * never guessed from a name. An entry that matches a method on any object
 * (`.execute`) applies only when the snippet imports the library that makes
 * it meaningful.
 */
import type { LanguageId } from '@code-explain/shared';
import { LANGUAGES } from '../languages/index.js';
import type { EffectKind } from './model.js';

/**
 * What calling `callee` means, if the catalogue knows it, given the snippet's
 * imports and (read only for the entries that need them) the call's arguments.
 */
export function effectOf(
  language: LanguageId,
  callee: string,
  imports: readonly string[],
  argumentsOf: () => readonly string[] | undefined = () => undefined,
): { readonly kind: EffectKind; readonly does?: string } | undefined {
  for (const entry of LANGUAGES[language].apis) {
    if (!entry.callee.test(callee)) continue;
    if (entry.requires && !imports.some((source) => entry.requires!.test(source))) continue;
    if (!entry.byArguments)
      return entry.does ? { kind: entry.effect, does: entry.does } : { kind: entry.effect };
    const effect = entry.byArguments(argumentsOf());
    if (effect) return { kind: effect };
  }
  return undefined;
}

/** What an effect means, as the predicate of a sentence ("it reads a file"). */
export const EFFECT_PHRASES: Record<EffectKind, string> = {
  'reads-file': 'reads a file',
  'writes-file': 'writes to the file system',
  'file-system': 'works with files or storage',
  shell: 'runs a shell command',
  process: 'starts another program',
  'http-request': 'sends an HTTP request',
  'http-server': 'serves HTTP',
  database: 'queries a database',
  'dom-read': 'reads elements of the page',
  'dom-write': 'changes the page (DOM)',
  log: 'writes to the log',
  print: 'prints output',
  stdin: 'reads standard input',
  crypto: 'uses cryptography',
  clock: 'reads the clock',
  sleep: 'pauses',
  random: 'uses random numbers',
  thread: 'runs work on another thread',
  lock: 'takes a lock, which may block',
  env: 'reads the environment',
  network: 'opens a network connection',
  timer: 'schedules work for later',
  exit: 'can end the process',
  eval: 'evaluates code built at run time',
  serialise: 'serialises data',
  'parse-data': 'parses serialised data',
};
