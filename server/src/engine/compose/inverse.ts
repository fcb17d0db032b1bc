/**
 * A class's pair of inverse methods: one takes a `string` and returns a
 * `byte[]`, another takes a `byte[]` and returns a `string`. Codecs,
 * serialisers and converters say what they are for this way, in their
 * signatures, when they have no doc comment: "It converts between `string`
 * and `byte[]`, both ways". Only declared types count, as written.
 */
import type { UnitFacts } from '../facts/model.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { code, lineRange } from './text.js';

interface Typed {
  readonly unit: UnitFacts;
  readonly takes: string;
  readonly gives: string;
}

/** The declared type of a function's one parameter, as written (`string`, `byte[]`), if it has exactly one. */
function onlyParameterType(node: Node): string | undefined {
  const list = node.childForFieldName('parameters');
  if (!list) return undefined;
  const params = list.namedChildren.filter(
    (p) => !p.type.includes('comment') && !/^(self_parameter|this|receiver)$/.test(p.type),
  );
  if (params.length !== 1) return undefined;
  const type = params[0]!.childForFieldName('type');
  const text = type?.text.replace(/^:\s*/, '').replace(/\s+/g, ' ').trim();
  return text && text.length <= 40 ? text : undefined;
}

const bare = (type: string) => type.replace(/^&\s*(mut\s+)?/, '').replace(/\?$/, '');

/** "It converts between `string` and `byte[]`, both ways: …", or undefined without such a pair. */
export function inverseSentence(methods: readonly UnitFacts[]): string | undefined {
  const typed: Typed[] = methods.flatMap((unit) => {
    const gives = unit.purpose.result?.type;
    const takes = onlyParameterType(unit.metrics.node);
    return gives && takes && bare(gives) !== bare(takes) ? [{ unit, takes, gives }] : [];
  });
  for (const a of typed)
    for (const b of typed)
      if (a.unit !== b.unit && bare(a.takes) === bare(b.gives) && bare(a.gives) === bare(b.takes)) {
        const name = (u: UnitFacts) => code(u.metrics.name.split(/[.:#]/).pop() ?? u.metrics.name);
        const at = (u: UnitFacts) => lineRange(u.metrics.startLine, u.metrics.startLine);
        return `It converts between ${code(a.takes)} and ${code(a.gives)}, both ways: ${name(a.unit)} takes a ${code(a.takes)} and returns a ${code(a.gives)} (${at(a.unit)}), and ${name(b.unit)} does the reverse (${at(b.unit)}).`;
      }
  return undefined;
}
