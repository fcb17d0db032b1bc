import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';

export const MAX_PARAMETERS = 5;

/** Rest/variadic parameters collect any number of arguments; they are not one more position to remember. */
const VARIADIC = new Set([
  'list_splat_pattern',
  'dictionary_splat_pattern',
  'rest_pattern',
  'variadic_parameter_declaration',
  'spread_parameter',
]);

function variadicNames(unit: Node): Set<string> {
  const names = new Set<string>();
  const list = unit.childForFieldName('parameters');
  for (const param of list?.namedChildren ?? []) {
    if (!param || !VARIADIC.has(param.type)) continue;
    const ids = param.descendantsOfType('identifier');
    const last = ids[ids.length - 1];
    if (last) names.add(last.text);
  }
  return names;
}

/** Functions that take more than five parameters. */
export const tooManyParameters: Rule = {
  meta: {
    id: 'readability/too-many-parameters',
    type: 'readability',
    severity: 'low',
    languages: TIER1,
    docs: {
      description: `Functions with more than ${MAX_PARAMETERS} parameters (rest parameters, self and cls not counted).`,
    },
  },
  create(context) {
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          if (unit.metrics.kind === 'class') continue;
          const variadic = variadicNames(unit.metrics.node);
          const params = unit.params.filter(
            (p, i) =>
              !variadic.has(p) &&
              // Python methods list self/cls, which callers never pass; TypeScript's `this` is a type annotation.
              !(i === 0 && (p === 'self' || p === 'cls' || p === 'this')),
          );
          if (params.length <= MAX_PARAMETERS) continue;
          context.report({
            line: unit.metrics.startLine,
            message: `\`${unit.metrics.name}\` takes ${params.length} parameters (${params.join(', ')}), more than ${MAX_PARAMETERS}: every call has to supply them correctly (arguments passed by position are easy to swap unnoticed), and the function depends on that much outside context. Group the ones that travel together into one object (a small class, record, struct or options object) and pass that.`,
          });
        }
      },
    };
  },
};
