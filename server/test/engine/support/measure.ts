/** Parsing and measuring snippets in unit tests. */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../../src/engine/parsing/node.js';
import type { LanguageMetrics, SnippetMetrics, UnitMetrics } from '../../../src/engine/metrics/model.js';
import type { SourceParser } from '../../../src/engine/parsing/parser.js';

export interface Measured extends SnippetMetrics {
  readonly errorRegions: number;
  /** The unit with this name; throws listing the names there are. */
  unit(name: string): UnitMetrics;
}

/** Measures `code`. */
export async function measure(
  parser: SourceParser,
  metrics: LanguageMetrics,
  language: LanguageId,
  code: string,
): Promise<Measured> {
  const parsed = await parser.parse(code, language);
  {
    const result = metrics.measure(parsed.snapshot);
    const errorRegions = parsed.errorRegions;
    return {
      ...result,
      errorRegions,
      unit(name: string): UnitMetrics {
        const found = result.units.find((u) => u.name === name);
        if (!found) throw new Error(`no unit ${name}; units: ${result.units.map((u) => u.name).join(', ')}`);
        return found;
      },
    };
  }
}

export async function withTree<T>(
  parser: SourceParser,
  language: LanguageId,
  code: string,
  use: (root: Node, errorRegions: number) => T,
): Promise<T> {
  const parsed = await parser.parse(code, language);
  return use(parsed.snapshot.root, parsed.errorRegions);
}

/** Indents a multi-line template literal's body consistently (drops the common leading indentation). */
export function dedent(text: string): string {
  const lines = text.replace(/^\n/, '').split('\n');
  const indents = lines.filter((l) => l.trim() !== '').map((l) => (/^ */.exec(l)?.[0] ?? '').length);
  const common = Math.min(...indents);
  return lines.map((l) => l.slice(common)).join('\n');
}
