import type { LanguageId } from '@code-explain/shared';
import type { UnitFacts } from '../../facts/model.js';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { bindingsOf, type ValueKind } from '../../scope/bindings.js';
import type { Rule } from '../model.js';
import { code, FUNCTION_TYPES, lineOf, TIER1 } from '../util.js';

/** Calls that reorder a collection in place. */
const REORDERS =
  /^(?:random\.shuffle|Collections\.(?:sort|shuffle|reverse)|Arrays\.sort|sort\.(?:Slice|SliceStable|Strings|Ints|Float64s|Sort)|slices\.(?:Sort|SortFunc|Reverse))\(\s*(\w+)|^(\w+)\.(?:sort|reverse)\(/;
/** Names that say reordering the argument is the function's job. */
const SAYS_SO = /^(sort|shuffle|reverse|order|rank|arrange)/i;
/** A word every REORDERS call holds: a unit without one reorders nothing, and its data flow need not be read. */
const MAY_REORDER = /sort|shuffle|reverse/i;

/**
 * Methods that add to or take from a collection, per language. Consuming
 * ones (`pop`, `shift`) are left out: taking the next item off a queue the
 * caller handed over is usually the point.
 */
const CHANGERS: Partial<Record<LanguageId, RegExp>> = {
  python: /^(append|extend|insert|remove|clear|add|discard|update)$/,
  javascript: /^(push|unshift|splice|fill|copyWithin|add|delete|clear|set)$/,
  java: /^(add|addAll|remove|removeAll|removeIf|retainAll|clear|put|putAll|set|replaceAll)$/,
};
/** Names that say changing the argument is the function's job. */
const NAMED_FOR_CHANGE =
  /^(compute|getOr|intern|ensure|memo|cache|add|append|push|insert|remove|delete|del|clear|fill|populate|update|register|collect|accumulate|extend|merge|apply|mutate|set|put|store|save|record|track|mark|enqueue|drain|reset|init|prepare|process|handle|visit|walk|emit|write|flush|load|index|dedupe|dedup|strip|trim|prune|filter|normalize|normalise|fix|patch|inject|attach|bind|install|configure|build|make)/i;
/** Parameters whose name says they are there to be filled. */
const FILLED =
  /^(out|output|outputs|result|results|res|acc|accumulator|sink|into|dest|dst|target|targets|buffer|buf|collector|visited|seen|memo|cache|errors|warnings|problems|diagnostics|issues|messages|stats|counts|counters|ctx|context|state|env|registry|bag)$/i;
/** A doc comment that says the argument changes. */
const DOC_SAYS =
  /in[ -]place|mutat|modif|append|\badds?\b|updat|\bfills?\b|populat|consum|drain|side[ -]effect|\bmark|\brecord|\bchange|\bcollect|\bstore|\binsert|\bremove/i;

/** The whole doc comment of a unit (the facts keep only its first sentence): the block above it, or Python's docstring. */
function docText(unit: UnitFacts, lines: () => readonly string[]): string {
  const doc = unit.purpose.doc;
  if (!doc) return '';
  if (doc.line < unit.metrics.startLine)
    return lines()
      .slice(doc.line - 1, unit.metrics.startLine - 1)
      .join('\n');
  const body = unit.metrics.node.childForFieldName('body');
  const first = body?.namedChildren.find((c) => !c.type.includes('comment'));
  return first?.type === 'expression_statement' ? first.text : doc.sentence;
}

const isJs = (language: LanguageId) =>
  language === 'javascript' || language === 'typescript' || language === 'tsx';

function copyOf(language: LanguageId, name: string, kind: ValueKind): string {
  switch (language) {
    case 'python':
      return `a copy (\`${name} = ${kind === 'set' ? 'set' : kind === 'map' ? 'dict' : 'list'}(${name})\` first)`;
    case 'java':
      return `a copy (\`new ${kind === 'set' ? 'HashSet' : kind === 'map' ? 'HashMap' : 'ArrayList'}<>(${name})\`)`;
    case 'go':
      return `a copy (\`${kind === 'map' ? 'maps' : 'slices'}.Clone(${name})\`)`;
    default:
      return `a copy (\`${kind === 'set' ? `new Set(${name})` : kind === 'map' ? `new Map(${name})` : `[...${name}]`}\`)`;
  }
}

/** The first `return <value>` of the unit's own body whose value is not `param` itself, or undefined. */
function resultReturn(unitNode: Node, param: string): Node | undefined {
  for (const r of unitNode.descendantsOfType('return_statement')) {
    if (ownerOf(r, unitNode) !== unitNode.id) continue;
    const value = r.namedChildren.find((c) => !c.type.includes('comment'));
    if (!value || /^(None|null|nil|undefined|true|false|True|False)$/.test(value.text)) continue;
    if (value.text === param || value.text === `this` || value.text === 'self') continue;
    return r;
  }
  return undefined;
}

/** The id of the innermost function around `node` (the unit itself for its own statements). */
function ownerOf(node: Node, unitNode: Node): number | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (FUNCTION_TYPES.has(p.type)) return p.id;
    if (p.id === unitNode.id) return p.id;
  }
  return undefined;
}

/** Calls that take elements out: with an addition to the same parameter they restore it (backtracking) or consume it. */
const TAKES = /^(remove|removeAll|removeIf|removeLast|pop|popleft|discard|delete|splice|shift|clear)$/;

/**
 * The first call in the unit's own body that adds to or removes from
 * `param` (`p.append(x)`, `p.push(x)`, `p.add(x)`), unless the unit both
 * adds and removes (a backtracking search puts the collection back as it
 * found it). Element writes (`p[i] = v`) are left out: filling a buffer the
 * caller handed over is a calling convention (io.Reader's Read, in-place
 * algorithms), and Go's slices and maps are changed no other way, so Go has
 * no such findings.
 */
function firstChange(language: LanguageId, unitNode: Node, param: string): Node | undefined {
  const changers = CHANGERS[isJs(language) ? 'javascript' : language];
  if (!changers) return undefined;
  const changes: { call: Node; method: string }[] = [];
  const nodes = unitNode.doc.nodes;
  for (let i = unitNode.id + 1; i <= unitNode.lastId; i++) {
    const n = nodes[i]!;
    if (n.type !== 'identifier' || n.text !== param) continue;
    if (ownerOf(n, unitNode) !== unitNode.id) continue;
    const parent = n.parent;
    const object = parent?.childForFieldName('object') ?? parent?.childForFieldName('operand');
    if (!parent || object?.id !== n.id) continue;
    const method =
      (
        parent.childForFieldName('attribute') ??
        parent.childForFieldName('property') ??
        parent.childForFieldName('name')
      )?.text ?? '';
    const call = parent.type === 'method_invocation' ? parent : parent.parent;
    const called =
      call && (call.type === 'method_invocation' || call.childForFieldName('function')?.id === parent.id);
    if (call && called && (changers.test(method) || TAKES.test(method))) changes.push({ call, method });
  }
  const adds = changes.filter((c) => !TAKES.test(c.method));
  const takes = changes.filter((c) => TAKES.test(c.method));
  if (adds.length > 0 && takes.length > 0) return undefined;
  return changes.find((c) => changers.test(c.method))?.call;
}

/**
 * A function that changes a collection its caller passed in: sorts,
 * reverses or shuffles it in place (unless named for it, `sortUsers`), or
 * adds to, removes from or writes elements of it while returning a result of
 * its own (unless its name, the parameter's name or its doc comment says
 * so). The second needs the parameter's type to show a collection: an
 * untyped `session.add(user)` is not a list.
 */
export const parameterReordered: Rule = {
  meta: {
    id: 'best_practices/parameter-reordered',
    type: 'best_practices',
    severity: 'low',
    languages: TIER1,
    docs: {
      description:
        'A parameter sorted, reversed or shuffled in place by a function not named for it; or a parameter typed as a list, set or map added to or removed from (append, push, add, remove, clear, put…) by a function that returns a result of its own and says nothing of it. Element writes and Go (whose slices and maps are filled for the caller by convention) are left out.',
      examples: [
        {
          language: 'python',
          bad: 'def median(values):\n    values.sort()\n    return values[len(values) // 2]\n',
          good: 'def median(values):\n    ordered = sorted(values)\n    return ordered[len(ordered) // 2]\n',
        },
        {
          language: 'javascript',
          bad: 'function newest(posts) {\n  posts.sort((a, b) => b.date - a.date);\n  return posts[0];\n}\n',
          good: 'function newest(posts) {\n  return posts.toSorted((a, b) => b.date - a.date)[0];\n}\n',
        },
        {
          language: 'typescript',
          bad: 'function total(prices: number[], fee: number): number {\n  prices.push(fee);\n  return prices.reduce((a, b) => a + b, 0);\n}\n',
          good: 'function total(prices: number[], fee: number): number {\n  return [...prices, fee].reduce((a, b) => a + b, 0);\n}\n',
        },
      ],
    },
    messages: {
      reorderedParameter:
        "`{{call}}` on line {{line}} reorders `{{name}}`, which the caller passed in, in place: the caller's own collection changes order. If the caller should not see that, work on {{copy}}.",
      changed:
        "{{change}} on line {{line}} changes `{{target}}`, which the caller passed in, though `{{name}}` returns a result of its own (line {{returnLine}}): the caller's {{kind}} changes too, and neither the function's name nor a doc comment says so. If the caller should not see that, work on {{copy}}; if it should, say so in the name or a doc comment.",
    },
  },
  create(context) {
    const { language } = context;
    // Split once per file: a file of hundreds of documented units would split it once per unit.
    let lines: readonly string[] | undefined;
    const sourceLines = () => (lines ??= context.code.split('\n'));
    const reordered = (unit: UnitFacts) => {
      const name = unit.metrics.name.split(/[.#:]/).pop() ?? '';
      const found = new Set<string>();
      // Without parameters, or a call that could reorder one, its data flow need not be worked out.
      if (SAYS_SO.test(name) || unit.params.length === 0 || !MAY_REORDER.test(unit.metrics.node.text))
        return found;
      for (const m of unit.purpose.dataFlow.mutatedParams) {
        const text = unit.metrics.node.text.split('\n')[m.line - unit.metrics.startLine] ?? '';
        const call = REORDERS.exec(text.trim().replace(/^(return|const \w+ =|let \w+ =|\w+ =)\s*/, ''));
        if (!call || (call[1] ?? call[2]) !== m.target) continue;
        const copy =
          language === 'python'
            ? `\`sorted(${m.target})\` (or \`${m.target}[::-1]\`)`
            : language === 'java'
              ? `a copy (\`new ArrayList<>(${m.target})\`)`
              : language === 'go'
                ? `a copy (\`slices.Clone(${m.target})\`)`
                : `a copy (\`[...${m.target}].sort(…)\` or \`${m.target}.toSorted(…)\`)`;
        found.add(m.target);
        context.report({
          line: m.line,
          messageId: 'reorderedParameter',
          data: { call: m.text, line: m.line, name: m.target, copy },
        });
      }
      return found;
    };
    const changed = (unit: UnitFacts, skip: ReadonlySet<string>) => {
      const name = unit.metrics.name.split(/[.#:]/).pop() ?? '';
      if (NAMED_FOR_CHANGE.test(name)) return;
      // Read only once a parameter would be reported: most units change none.
      let docSaysSo: boolean | undefined;
      const node = unit.metrics.node;
      const bindings = bindingsOf(language, context.root);
      for (const param of unit.params) {
        if (skip.has(param) || FILLED.test(param) || /^(self|this|cls)$/.test(param)) continue;
        const binding = bindings.all(param).find((b) => b.kind === 'parameter' && b.scope.id === node.id);
        const kind = binding?.holds;
        if (!binding || (kind !== 'list' && kind !== 'set' && kind !== 'map')) continue;
        const change = firstChange(language, node, param);
        if (!change) continue;
        const result = resultReturn(node, param);
        if (!result) continue;
        if ((docSaysSo ??= DOC_SAYS.test(docText(unit, sourceLines)))) return;
        context.report({
          line: lineOf(change),
          messageId: 'changed',
          data: {
            change: code(change.text, 40),
            line: lineOf(change),
            target: param,
            name,
            returnLine: lineOf(result),
            kind:
              kind === 'list'
                ? language === 'go'
                  ? 'slice'
                  : language === 'java'
                    ? 'list'
                    : isJs(language)
                      ? 'array'
                      : 'list'
                : kind,
            copy: copyOf(language, param, kind),
          },
        });
      }
    };
    return {
      'Program:exit'() {
        for (const unit of context.facts.units) {
          const found = reordered(unit);
          if (unit.metrics.kind !== 'class' && unit.paramsKnown) changed(unit, found);
        }
      },
    };
  },
};
