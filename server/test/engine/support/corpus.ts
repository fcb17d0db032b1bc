/**
 * Real functions for the purpose corpus, cut at test time from installed
 * sources (Debian's Python standard library, the JDK's src.zip, Go's
 * standard library, packages in node_modules): nothing third-party is
 * committed. A function is cut as a user would select it in an editor: with
 * the doc comment, decorators or annotations written above it.
 */
import { readFileSync } from 'node:fs';
import type { LanguageId } from '@code-explain/shared';
import { metricsFor } from '../../../src/engine/metrics/index.js';
import type { SourceParser } from '../../../src/engine/parsing/parser.js';

/** The lines of `source` from `from` to `to` (1-based, inclusive), common indentation removed. */
function cut(source: string, from: number, to: number): string {
  const lines = source.split('\n').slice(from - 1, to);
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length));
  return `${lines.map((l) => l.slice(indent)).join('\n')}\n`;
}

/** The first line of the comments, decorators and annotations directly above `line`. */
function leadingStart(lines: readonly string[], line: number): number {
  let start = line;
  for (let i = line - 2; i >= 0; i--) {
    const text = lines[i]!.trim();
    // A doc block may stand one blank line above what it documents.
    if (text === '' && start === line && lines[i - 1]?.trim().endsWith('*/')) continue;
    if (/^(\/\/|\/\*|\*|#|@|\[)/.test(text) && !/^#\s*(include|define|if|endif)\b/.test(text)) start = i + 1;
    else break;
  }
  return start;
}

export interface CorpusSource {
  readonly language: LanguageId;
  readonly file: string;
  /** The unit's name as the engine's metrics name it (`Queue.put`, `Collections.reverse`). */
  readonly unit: string;
  /** Text the unit must contain, to pick one of several overloads. */
  readonly contains?: string;
}

/** The unit's code with what is written above it, or an error naming what was missing. */
export async function cutUnit(parser: SourceParser, source: CorpusSource): Promise<string> {
  const text = readFileSync(source.file, 'utf8');
  const parsed = await parser.parse(text, source.language);
  const units = metricsFor(source.language)
    .measure(parsed.snapshot)
    .units.filter((u) => u.name === source.unit);
  const lines = text.split('\n');
  const unit = units.find(
    (u) =>
      !source.contains ||
      lines
        .slice(u.startLine - 1, u.endLine)
        .join('\n')
        .includes(source.contains),
  );
  if (!unit)
    throw new Error(
      `${source.file}: no unit ${source.unit}${source.contains ? ` containing ${source.contains}` : ''}`,
    );
  return cut(text, leadingStart(lines, unit.startLine), unit.endLine);
}
