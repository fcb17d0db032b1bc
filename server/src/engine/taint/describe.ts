/** How findings word a flow: where the value comes from, the names it passed through, where it goes. */
import type { Severity } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { Origin } from './model.js';

const quote = (text: string) => `\`${text.replace(/`/g, "'")}\``;

export interface FlowWords {
  /** The value at the sink: "`file`", "`file` (from `name`)". */
  readonly value: string;
  /** Where it comes from: "`req.query`", "the parameter `host` of `fetchPage`". */
  readonly source: string;
  readonly sourceLine: number;
}

/** Words for a flow reaching a sink through `value` (the sink's argument). */
export function describeFlow(origin: Origin, value: Node): FlowWords {
  const chain = origin.chain;
  const last = chain[chain.length - 1];
  const text = value.text.replace(/\s+/g, ' ');
  const named = last ?? (text.length <= 40 ? text : origin.source.text);
  const earlier = chain.slice(0, -1).filter((n) => n !== named && n !== origin.source.text);
  const via = earlier.length > 0 ? ` (from ${[...earlier].reverse().map(quote).join(' ← ')})` : '';
  // "`id` is a parameter of `find`", not "`id` is the parameter `id` of `find`".
  const sameName = origin.source.kind === 'parameter' && via === '' && named === origin.source.text;
  return {
    value: `${quote(named)}${via}`,
    source: sameName
      ? origin.source.description.replace(/^the parameter `[^`]*`/, 'a parameter')
      : origin.source.description,
    sourceLine: origin.source.line,
  };
}

/** Untrusted input is `high`; a plain parameter, whose callers may pass only safe values, is `lower`. */
export function severityOf(origin: Origin, lower: Severity = 'medium'): Severity {
  return origin.source.kind === 'untrusted' ? 'high' : lower;
}
