import type { Node } from 'web-tree-sitter';
import type { Rule } from '../model.js';
import { isPlainString, TIER1 } from '../util.js';

const SECRET_NAME =
  /^(.*[_.-])?(password|passwd|pwd|secret|client_?secret|api_?key|apikey|access_?token|auth_?token|private_?key)$/i;

/** Names and the values assigned to them, per grammar. */
const ASSIGNMENTS: Record<string, [name: string, value: string]> = {
  variable_declarator: ['name', 'value'],
  assignment_expression: ['left', 'right'],
  pair: ['key', 'value'],
  public_field_definition: ['name', 'value'],
  field_definition: ['property', 'value'],
  assignment: ['left', 'right'],
  short_var_declaration: ['left', 'right'],
  const_spec: ['name', 'value'],
  var_spec: ['name', 'value'],
};

function lastName(node: Node): string {
  const text = node.text.replace(/^['"]|['"]$/g, '');
  return text.split(/[.\s]/).pop() ?? text;
}

function literalValue(node: Node): Node | undefined {
  // Go wraps right-hand sides in expression_list.
  const value = node.type === 'expression_list' && node.namedChildCount === 1 ? node.namedChild(0) : node;
  return value && isPlainString(value) ? value : undefined;
}

/** A secret written into the source. */
export const hardcodedSecret: Rule = {
  meta: {
    id: 'security/hardcoded-secret',
    type: 'security',
    severity: 'high',
    languages: TIER1,
    docs: { description: 'A password, key or token assigned a string literal.', cwe: 'CWE-798' },
  },
  create(context) {
    const visit = (node: Node) => {
      const fields = ASSIGNMENTS[node.type];
      if (!fields) return;
      const nameNode = node.childForFieldName(fields[0]);
      const valueNode = node.childForFieldName(fields[1]);
      if (!nameNode || !valueNode) return;
      const name = lastName(nameNode);
      if (!SECRET_NAME.test(name)) return;
      const value = literalValue(valueNode);
      // Empty strings and obvious placeholders are not secrets.
      const inner = value?.text.replace(/^[`'"]+|[`'"]+$/g, '') ?? '';
      if (!value || inner.length < 4 || /^(x+|\*+|changeme|todo|your[-_ ].*|<.*>|\$\{.*\})$/i.test(inner))
        return;
      context.report({
        node,
        message: `CWE-798: \`${name}\` is set to a string literal in the source, so anyone who can read the code (or its history) has it. Load it from the environment or a secrets manager, and rotate the value that was committed.`,
      });
    };
    const visitors: Record<string, (node: Node) => void> = {};
    for (const type of Object.keys(ASSIGNMENTS)) visitors[type] = visit;
    return visitors;
  },
};
