import { swiftMetrics } from '../metrics/tier2/swift.js';
import { UNTYPED_EXCEPTIONS } from './exceptions.js';
import type { SnapshotNode as Node } from '../parsing/node.js';
import { blockDocs, MAIN_WITHOUT_PARAMETERS, modifiersText } from './common.js';
import { CONVENTIONAL_APIS, CONVENTIONS } from './conventions.js';
import type { LanguageSupport, PassedBack } from './model.js';

/**
 * A closure of one expression returns it (`{ $0 + $1 }`); one whose expression is a call may return
 * nothing (`{ print($0) }`), so that is not said.
 */
function closureValue(unit: Node): Node | undefined {
  if (unit.type !== 'lambda_literal') return undefined;
  const body = unit.namedChildren.find((c) => c.type === 'statements');
  const only = body?.namedChildren.filter((c) => !c.type.includes('comment'));
  if (!only || only.length !== 1) return undefined;
  const [value] = only;
  return value && !/call_expression|assignment|declaration|statement/.test(value.type) ? value : undefined;
}

const blockDoc = blockDocs('doc comment');

/** Its `inout` parameters, by the name the body uses (the last `name`: the first may be the caller's label). */
function passedBack(unit: Node): ReadonlyMap<string, PassedBack> {
  const found = new Map<string, PassedBack>();
  for (const param of unit.namedChildren) {
    if (param.type !== 'parameter') continue;
    const modifiers = param.namedChildren.find((c) => c.type === 'parameter_modifiers')?.text ?? '';
    const name = param
      .childrenForFieldName('name')
      .filter((n) => n.type === 'simple_identifier')
      .pop()?.text;
    if (name && /\binout\b/.test(modifiers)) found.set(name, 'inout');
  }
  return found;
}

export const swift: LanguageSupport<'swift'> = {
  id: 'swift',
  tier: 2,
  grammar: {
    wasm: '@unit-mesh/treesitter-artifacts/wasm/tree-sitter-swift.wasm',
    // The grammar's external scanner parses raw strings (`#"…"#`) correctly
    // only on the very first Swift parse of the process and leaves state
    // behind that no reset, new parser or new grammar instance clears; every
    // later parse reports them as error regions. Parsing one raw string up
    // front puts every request in that same later state, so the same input
    // always gets the same answer (raw strings then count as error regions,
    // an upstream bug we document).
    warmUp: 'let s = #"raw"#\n',
  },
  metrics: swiftMetrics,
  syntax: {
    ...CONVENTIONS,
    // Sorts a whole collection (`xs.sort()`, `xs.sorted(by:)`): O(n log n).
    sorts: /\.(sort|sorted)$/,
    // A function's parameters are its direct children, with no list around them; a closure's are in its
    // `{ a, b in … }` head, and one without a head (`{ $0 + $1 }`) has parameters no list names.
    parameters: {
      list: (unit) =>
        unit.type === 'lambda_literal'
          ? unit.namedChildren
              .find((c) => c.type === 'lambda_function_type')
              ?.namedChildren.find((c) => c.type === 'lambda_function_type_parameters')
          : unit,
      isParameter: (node) => node.type === 'parameter' || node.type === 'lambda_parameter',
    },
    implicitReturn: closureValue,
    // `import Foundation`, `import struct Foo.Bar`.
    imports: {
      import_declaration: (n) => {
        const name = n.namedChildren.find((c) => c.type === 'identifier');
        return name ? [name.text] : [];
      },
    },
  },
  docs: { docstrings: false, style: (raw) => (raw.startsWith('///') ? 'doc comment' : blockDoc(raw)) },
  apis: CONVENTIONAL_APIS,
  exceptions: UNTYPED_EXCEPTIONS,
  isExported: ({ node }) => /\b(public|open)\b/.test(modifiersText(node)),
  declarations: { entryPoints: MAIN_WITHOUT_PARAMETERS, react: false },
  arithmetic: { divisionIsNumeric: false },
  passing: { passedBack },
  // A bare call of a type's name creates a value of it (a constructor, a tuple struct or enum variant).
  construction: { capitalisedCallCreates: true, conversions: {} },
  wording: { name: 'Swift', raises: false, collectionPipeline: '`map`/`filter`', asyncAwait: false },
  sample: 'func add(a: Int, b: Int) -> Int {\n    if a > b { return a }\n    return a + b\n}\n',
};
