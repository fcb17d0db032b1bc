/** Parses a snippet for real and runs the taint analysis on it, with the snippet's own imports. */
import type { LanguageId } from '@code-explain/shared';
import { extractFacts } from '../../../src/engine/facts/extract.js';
import { metricsFor } from '../../../src/engine/metrics/index.js';
import type { SourceParser } from '../../../src/engine/parsing/parser.js';
import { taintOf, type Flow, type SinkKind, type TaintAnalysis } from '../../../src/engine/taint/index.js';

export async function analyse(
  parser: SourceParser,
  language: LanguageId,
  code: string,
  budget?: number,
): Promise<TaintAnalysis> {
  const parsed = await parser.parse(code, language);
  const metrics = metricsFor(language).measure(parsed.snapshot);
  const facts = extractFacts(language, parsed.snapshot, parsed.errorRegions, metrics);
  const analysis = taintOf(
    language,
    parsed.snapshot.root,
    facts.dependencies.map((d) => d.source),
    budget,
  );
  if (!analysis) throw new Error(`no taint catalogue for ${language}`);
  return analysis;
}

/** A flow in brief: kind, sink callee and line, source text, line and kind, the chain of names. */
export interface Brief {
  readonly kind: SinkKind;
  readonly sink: string;
  readonly sinkLine: number;
  readonly source: string;
  readonly sourceLine: number;
  readonly sourceKind: string;
  readonly chain: string;
}

export function brief(flow: Flow): Brief {
  return {
    kind: flow.kind,
    sink: flow.callee,
    sinkLine: flow.sink.startPosition.row + 1,
    source: flow.origin.source.text,
    sourceLine: flow.origin.source.line,
    sourceKind: flow.origin.source.kind,
    chain: flow.origin.chain.join(' > '),
  };
}

export async function flowsIn(
  parser: SourceParser,
  language: LanguageId,
  code: string,
  kinds: readonly SinkKind[],
): Promise<Brief[]> {
  return (await analyse(parser, language, code)).flows(kinds).map(brief);
}
