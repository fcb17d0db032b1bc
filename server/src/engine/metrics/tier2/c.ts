/**
 * Per-function metrics for C (tree-sitter-c); see ./cfamily.ts for what is
 * counted. Units are function definitions, named by their declarator (`main`,
 * `h` for `void (*h(void))(int)`). Structs and unions hold no code, so they
 * are not units. Recursion: a call `f(…)` reaches the snippet's function `f`.
 */
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { LanguageMetrics } from '../model.js';
import { languageMetrics, type LanguageDefinition } from '../common/measure.js';
import type { Frame, UnitStart } from '../common/scan.js';
import { cFamilyRules } from './cfamily.js';
import { recursionByName, type Tier2Rules } from './kit.js';

const WRAPPING_DECLARATORS = new Set([
  'pointer_declarator',
  'parenthesized_declarator',
  'attributed_declarator',
  'reference_declarator',
  'function_declarator',
]);

/**
 * The declarator that names a function definition: the innermost function
 * declarator's own declarator (`h` in `(*h(void))(int)`), through pointers,
 * references and parentheses.
 */
export function declaredName(definition: Node): Node | null {
  let named: Node | null = null;
  let current = definition.childForFieldName('declarator');
  for (let guard = 0; current && guard < 64; guard++) {
    if (current.type === 'function_declarator') named = current.childForFieldName('declarator');
    if (!WRAPPING_DECLARATORS.has(current.type)) break;
    current =
      current.type === 'function_declarator'
        ? current.childForFieldName('declarator')
        : (current.childForFieldName('declarator') ??
          current.namedChildren.find((c) => c !== null && WRAPPING_DECLARATORS.has(c.type)) ??
          current.namedChildren.find((c) => c?.type === 'identifier') ??
          null);
  }
  return named;
}

function cUnitStart(frame: Frame): UnitStart | null {
  if (frame.type !== 'function_definition') return null;
  return { kind: 'function', name: declaredName(frame.node)?.text ?? '<function>' };
}

export const cRules: Tier2Rules = { ...cFamilyRules, unitStart: cUnitStart };

export const cDefinition: LanguageDefinition = { rules: cRules, recursion: recursionByName(new Set()) };

export const cMetrics: LanguageMetrics = languageMetrics(cDefinition);
