import type { LanguageId } from '@code-explain/shared';
import { z } from 'zod';
import type { Rule } from '../model.js';
import { listOf, methodName, TIER1 } from '../util.js';

interface Options {
  readonly maxFanOut: number;
}

/**
 * Built-in functions and the methods of built-in collections, strings,
 * promises and the console. They couple a function to nothing, so they are
 * not counted: `out.push` and `lines.push` would otherwise count as two.
 */
const JS_BUILTINS = new Set(
  (
    'push pop shift unshift slice splice map filter reduce reduceRight forEach find findIndex findLast findLastIndex some every includes indexOf lastIndexOf join concat sort reverse flat flatMap at fill keys values entries get set has add delete clear ' +
    'toString valueOf trim trimStart trimEnd split replace replaceAll startsWith endsWith toLowerCase toUpperCase padStart padEnd match matchAll test charAt charCodeAt codePointAt substring repeat localeCompare normalize ' +
    'then catch finally log error warn info debug assign freeze stringify parse max min floor ceil round abs sqrt pow random isArray from of isInteger isNaN isFinite String Number Boolean Array Object Map Set WeakMap WeakSet Error TypeError RangeError Date RegExp Promise Symbol parseInt parseFloat'
  ).split(' '),
);
const PYTHON_BUILTINS = new Set(
  (
    'append extend insert pop remove get items keys values update setdefault add discard clear copy join split rsplit strip lstrip rstrip format startswith endswith lower upper replace find count index encode decode ' +
    'len print str int float bool list dict set tuple frozenset range enumerate zip sorted reversed isinstance issubclass min max sum any all abs round repr type hasattr getattr setattr iter next map filter super open'
  ).split(' '),
);
const JAVA_BUILTINS = new Set(
  (
    'add addAll get put putAll putIfAbsent size isEmpty contains containsKey containsValue remove clear equals hashCode toString compareTo append length charAt substring indexOf trim strip split startsWith endsWith toLowerCase toUpperCase replace isBlank format valueOf of copyOf asList ' +
    'stream map filter collect forEach reduce toList findFirst findAny anyMatch allMatch noneMatch sorted count orElse orElseGet orElseThrow isPresent ifPresent iterator hasNext next getOrDefault keySet entrySet values getKey getValue println print printf requireNonNull ' +
    'ArrayList HashMap HashSet LinkedList StringBuilder IllegalArgumentException IllegalStateException RuntimeException NullPointerException UnsupportedOperationException'
  ).split(' '),
);
const GO_BUILTINS = new Set(
  'len cap append make new copy delete panic recover print println close min max clear Println Printf Sprintf Sprint Sprintln Errorf Fprintf Fprintln'.split(
    ' ',
  ),
);

const BUILTINS: Partial<Record<LanguageId, ReadonlySet<string>>> = {
  javascript: JS_BUILTINS,
  typescript: JS_BUILTINS,
  tsx: JS_BUILTINS,
  python: PYTHON_BUILTINS,
  java: JAVA_BUILTINS,
  go: GO_BUILTINS,
};

/** A unit that depends on many different functions. */
export const highFanOut: Rule<Options> = {
  meta: {
    id: 'architecture/high-fan-out',
    type: 'architecture',
    severity: 'low',
    languages: TIER1,
    docs: {
      description:
        "A function calling more than `maxFanOut` distinct functions or methods, the language's built-ins not counted.",
      examples: [
        {
          language: 'javascript',
          bad: 'function checkout(cart) {\n  validate(cart);\n  reserve(cart);\n  price(cart);\n  discount(cart);\n  tax(cart);\n  charge(cart);\n  invoice(cart);\n  email(cart);\n  ship(cart);\n  audit(cart);\n  notify(cart);\n}\n',
          good: 'function checkout(cart) {\n  prepare(cart);\n  pay(cart);\n  fulfil(cart);\n}\n',
        },
      ],
    },
    messages: {
      highFanOut:
        "`{{name}}` calls {{count}} different functions and methods, not counting the language's built-ins ({{callees}}), so it depends on all of them and a change to any of them can break it; split it into steps that each work with a few of these collaborators, and have it call those steps.",
    },
    options: {
      schema: z.object({ maxFanOut: z.number().int().min(1) }),
      defaults: { maxFanOut: 10 },
      focused: { maxFanOut: 7 },
      docs: {
        maxFanOut:
          "Most distinct functions and methods one function may call; the language's built-ins (collection, string and console methods) are not counted.",
      },
    },
  },
  create(context) {
    const builtins = BUILTINS[context.language] ?? new Set<string>();
    const max = context.options.maxFanOut;
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          if (unit.metrics.kind === 'class') continue;
          // A call on another call's result (`.json` in `res.status(404).json()`) goes through that call.
          const callees = unit.calls.filter(
            (c) => !c.startsWith('.') && !builtins.has(methodName(c.replace(/^new /, ''))),
          );
          if (callees.length <= max) continue;
          context.report({
            line: unit.metrics.startLine,
            messageId: 'highFanOut',
            data: {
              name: unit.metrics.name,
              count: callees.length,
              callees: listOf(
                callees.map((c) => `\`${c}\``),
                6,
              ),
              max,
            },
          });
        }
      },
    };
  },
};
