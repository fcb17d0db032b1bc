import { z } from 'zod';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { TIER1 } from '../util.js';

interface Options {
  readonly maxParameters: number;
}

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

/** Parameters with a default value (`fasttypes={int, str}`, `opts = {}`): a call may leave them out. */
const DEFAULTED: ReadonlySet<string> = new Set([
  'default_parameter',
  'typed_default_parameter',
  'assignment_pattern',
  'optional_parameter',
]);

function defaultedNames(unit: Node): Set<string> {
  const names = new Set<string>();
  const list = unit.childForFieldName('parameters');
  for (const param of list?.namedChildren ?? []) {
    if (!param || !DEFAULTED.has(param.type)) continue;
    const name = param.childForFieldName('name') ?? param.childForFieldName('left') ?? param.namedChildren[0];
    if (name) names.add(name.text);
  }
  return names;
}

/** Functions that take more than `maxParameters` parameters. */
export const tooManyParameters: Rule<Options> = {
  meta: {
    id: 'readability/too-many-parameters',
    type: 'readability',
    severity: 'low',
    languages: TIER1,
    docs: {
      description:
        'Functions with more than `maxParameters` parameters (rest parameters, self and cls not counted).',
      examples: [
        {
          language: 'typescript',
          bad: 'export function createUser(name: string, email: string, age: number, city: string, zip: string, admin: boolean) {\n  return save(name, email, age, city, zip, admin);\n}\n',
          good: 'interface NewUser {\n  name: string;\n  email: string;\n  age: number;\n  address: { city: string; zip: string };\n  admin: boolean;\n}\n\nexport function createUser(user: NewUser) {\n  return save(user);\n}\n',
        },
      ],
    },
    messages: {
      tooMany:
        '`{{name}}` takes {{count}} parameters ({{params}}), more than {{max}}: every call has to supply them correctly (arguments passed by position are easy to swap unnoticed), and the function depends on that much outside context. Group the ones that travel together into one object (a small class, record, struct or options object) and pass that.',
    },
    options: {
      schema: z.object({ maxParameters: z.number().int().min(1) }),
      defaults: { maxParameters: 5 },
      focused: { maxParameters: 4 },
      docs: {
        maxParameters:
          "Most parameters a function may take; rest and variadic parameters and Python's self and cls are not counted.",
      },
    },
  },
  create(context) {
    const max = context.options.maxParameters;
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
          // Those with defaults are left out of most calls: the ones every call supplies are what count.
          const defaulted = defaultedNames(unit.metrics.node);
          if (params.filter((p) => !defaulted.has(p)).length <= max) continue;
          context.report({
            line: unit.metrics.startLine,
            messageId: 'tooMany',
            data: { name: unit.metrics.name, count: params.length, params: params.join(', '), max },
          });
        }
      },
    };
  },
};
