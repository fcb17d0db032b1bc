import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { UnitFacts } from '../../facts/model.js';
import type { Rule } from '../model.js';
import { code, lineOf } from '../util.js';
import { isStandIn } from '../../metrics/common/naming.js';

/** State shared by the whole module (JS/TS, Go), declared by `global` (Python), or static fields (Java). */
interface SharedName {
  readonly line: number;
  readonly where: string;
}

function addNames(out: Map<string, SharedName>, names: readonly (Node | null)[], where: string): void {
  for (const n of names)
    if (n?.type === 'identifier' && !out.has(n.text)) out.set(n.text, { line: lineOf(n), where });
}

/** Names the whole snippet shares, by language. */
function sharedNames(language: LanguageId, root: Node): Map<string, SharedName> {
  const out = new Map<string, SharedName>();
  if (language === 'go') {
    for (const decl of root.namedChildren) {
      if (decl?.type !== 'var_declaration') continue;
      for (const spec of decl.descendantsOfType('var_spec'))
        addNames(out, spec?.childrenForFieldName('name') ?? [], 'a package-level variable');
    }
  } else if (language === 'java') {
    for (const field of root.descendantsOfType('field_declaration')) {
      const modifiers = field?.namedChildren.find((c) => c?.type === 'modifiers')?.text ?? '';
      if (!/\bstatic\b/.test(modifiers) || /\bfinal\b/.test(modifiers)) continue;
      addNames(
        out,
        field!.childrenForFieldName('declarator').map((d) => d?.childForFieldName('name') ?? null),
        'a static field',
      );
    }
  } else if (language !== 'python') {
    for (const statement of root.namedChildren) {
      const decl =
        statement?.type === 'export_statement' ? statement.childForFieldName('declaration') : statement;
      if (decl?.type !== 'lexical_declaration' && decl?.type !== 'variable_declaration') continue;
      addNames(
        out,
        decl.namedChildren.map((d) =>
          d?.type === 'variable_declarator' ? d.childForFieldName('name') : null,
        ),
        'a module-level variable',
      );
    }
  }
  return out;
}

/** The variable a statement changes: `x = …`, `x += …`, `x++`, `x.y = …`, `Cls.x = …`. */
function mutated(node: Node): Node | undefined {
  let target: Node | null | undefined;
  switch (node.type) {
    case 'assignment_expression':
    case 'augmented_assignment_expression':
    case 'assignment':
    case 'augmented_assignment':
      target = node.childForFieldName('left');
      break;
    case 'assignment_statement': {
      const left = node.childForFieldName('left');
      target = left?.namedChildCount === 1 ? left.namedChild(0) : undefined;
      break;
    }
    case 'update_expression':
      target = node.childForFieldName('argument') ?? node.namedChild(0);
      break;
    case 'inc_statement':
    case 'dec_statement':
      target = node.namedChild(0);
      break;
    default:
      return undefined;
  }
  // Java: Counter.total = … changes the static field total.
  if (target?.type === 'field_access' && /^[A-Z]/.test(target.childForFieldName('object')?.text ?? ''))
    target = target.childForFieldName('field');
  // Down a member chain to its base: state.count → state.
  while (
    target &&
    [
      'member_expression',
      'subscript_expression',
      'field_access',
      'selector_expression',
      'index_expression',
      'attribute',
      'subscript',
    ].includes(target.type)
  ) {
    target =
      target.childForFieldName('object') ??
      target.childForFieldName('operand') ??
      target.childForFieldName('value');
  }
  return target?.type === 'identifier' ? target : undefined;
}

/** Names a node declares locally (shadowing shared ones). */
function declared(node: Node): Node[] {
  switch (node.type) {
    case 'variable_declarator':
      return [node.childForFieldName('name')].filter((n): n is Node => n?.type === 'identifier');
    case 'short_var_declaration':
      return (node.childForFieldName('left')?.namedChildren ?? []).filter(
        (n): n is Node => n?.type === 'identifier',
      );
    case 'var_spec':
      return node.childrenForFieldName('name').filter((n): n is Node => n !== null);
    default:
      return [];
  }
}

interface Scan {
  returnsValue: boolean;
  locals: Set<string>;
  globals: Set<string>;
  changes: { node: Node; name: string }[];
}

function scan(unit: Node, unitIds: ReadonlySet<number>): Scan {
  const result: Scan = { returnsValue: false, locals: new Set(), globals: new Set(), changes: [] };
  const body = unit.childForFieldName('body');
  // An arrow or lambda whose body is an expression returns it.
  if (!body || !['statement_block', 'block'].includes(body.type)) {
    result.returnsValue = true;
    return result;
  }
  const stack: Node[] = [body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.id !== unit.id && unitIds.has(node.id)) continue;
    if (
      node.type === 'return_statement' &&
      node.namedChildren.some((c) => c !== null && !c.type.includes('comment'))
    )
      result.returnsValue = true;
    if (node.type === 'global_statement')
      for (const id of node.namedChildren) if (id?.type === 'identifier') result.globals.add(id.text);
    for (const name of declared(node)) result.locals.add(name.text);
    const target = mutated(node);
    if (target) result.changes.push({ node, name: target.text });
    for (let i = node.namedChildCount - 1; i >= 0; i--) {
      const child = node.namedChild(i);
      if (child) stack.push(child);
    }
  }
  result.changes.sort((a, b) => a.node.startIndex - b.node.startIndex);
  return result;
}

/** Whether a unit may return something by its signature: a Java non-void method, a Go function with results. */
function declaresResult(language: LanguageId, unit: Node): boolean {
  if (language === 'java')
    return unit.type !== 'method_declaration' || unit.childForFieldName('type')?.type !== 'void_type';
  if (language === 'go') return unit.childForFieldName('result') !== null;
  return false;
}

/** Constructors and initialisers set state up by design; tests change it on purpose. */
function isSetUpOrTest(unit: UnitFacts): boolean {
  const short = unit.metrics.name.split('.').pop() ?? '';
  return (
    unit.metrics.kind === 'constructor' ||
    /^(constructor|__init__|init|setUp|tearDown|setup|teardown)$/.test(short) ||
    /^(test|Test|Benchmark|Example|Fuzz)/.test(short)
  );
}

/** Functions whose only visible result is a change to shared state. */
export const globalState: Rule = {
  meta: {
    id: 'testing/global-state',
    type: 'testing',
    severity: 'low',
    languages: ['javascript', 'typescript', 'tsx', 'python', 'java', 'go'],
    docs: {
      description: 'A function that returns nothing and changes module-level, global or static state.',
      examples: [
        {
          language: 'javascript',
          bad: 'let count = 0;\n\nfunction increment() {\n  count += 1;\n}\n',
          good: 'function increment(count) {\n  return count + 1;\n}\n',
        },
        {
          language: 'python',
          bad: 'count = 0\n\ndef inc():\n    global count\n    count += 1\n',
          good: 'def inc(count):\n    return count + 1\n',
        },
      ],
    },
    messages: {
      changesShared:
        '`{{name}}` returns no value and changes `{{variable}}`, {{where}}, on line {{line}} ({{code}}). A test can only observe this through that shared state, and tests that call it affect one another unless they reset it; return the new value, or pass the state in as a parameter, so each call can be checked on its own.',
    },
  },
  create(context) {
    return {
      'Program:exit'() {
        const { language } = context;
        const shared = sharedNames(language, context.root);
        // Nothing shared to change: JS/TS, Java and Go need declared shared names, Python a `global` statement.
        if (language === 'python' ? !/\bglobal\b/.test(context.code) : shared.size === 0) return;
        const unitIds = new Set(context.facts.units.map((u) => u.metrics.node.id));
        for (const unit of context.facts.units) {
          // Anonymous callbacks (event handlers, test hooks) are not called, or tested, on their own.
          if (
            unit.metrics.kind === 'class' ||
            isStandIn(unit.metrics.name) ||
            isSetUpOrTest(unit) ||
            unit.isGenerator
          )
            continue;
          const node = unit.metrics.node;
          if (declaresResult(language, node)) continue;
          const s = scan(node, unitIds);
          if (s.returnsValue) continue;
          const params = new Set(unit.params);
          const change = s.changes.find(({ name }) =>
            language === 'python'
              ? s.globals.has(name)
              : shared.has(name) && !params.has(name) && !s.locals.has(name),
          );
          if (!change) continue;
          const declaredAt = shared.get(change.name);
          const where =
            language === 'python' || !declaredAt
              ? `a global variable (the function declares \`global ${change.name}\`)`
              : `${declaredAt.where} declared on line ${declaredAt.line}`;
          context.report({
            line: lineOf(change.node),
            messageId: 'changesShared',
            data: {
              name: unit.metrics.name,
              variable: change.name,
              where,
              line: lineOf(change.node),
              code: code(change.node.text, 40),
            },
          });
        }
      },
    };
  },
};
