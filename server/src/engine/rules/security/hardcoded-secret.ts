import { z } from 'zod';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { lineOf, nameWords, stringContent, TIER1 } from '../util.js';

/** Word sequences that name a secret when they end a name: `db_password`, `clientSecret`, `API_KEY`. */
const SECRET_ENDINGS: readonly (readonly string[])[] = [
  ['password'],
  ['passwd'],
  ['passphrase'],
  ['secret'],
  ['secret', 'key'],
  ['api', 'key'],
  ['apikey'],
  ['access', 'key'],
  ['private', 'key'],
  ['access', 'token'],
  ['auth', 'token'],
  ['refresh', 'token'],
  ['bearer', 'token'],
  ['api', 'token'],
  ['client', 'secret'],
];

export function isSecretName(name: string): boolean {
  const words = nameWords(name);
  return SECRET_ENDINGS.some(
    (ending) =>
      words.length >= ending.length && ending.every((w, i) => words[words.length - ending.length + i] === w),
  );
}

/** Names and the values assigned to them, per grammar. */
const ASSIGNMENTS: Record<string, [name: string, value: string]> = {
  variable_declarator: ['name', 'value'],
  assignment_expression: ['left', 'right'],
  pair: ['key', 'value'],
  public_field_definition: ['name', 'value'],
  field_definition: ['property', 'value'],
  assignment: ['left', 'right'],
  keyword_argument: ['name', 'value'],
  short_var_declaration: ['left', 'right'],
  assignment_statement: ['left', 'right'],
  const_spec: ['name', 'value'],
  var_spec: ['name', 'value'],
  keyed_element: ['key', 'value'],
};

/** Unwraps Go's single-item expression lists and literal elements. */
function inner(node: Node): Node {
  if ((node.type === 'expression_list' || node.type === 'literal_element') && node.namedChildCount === 1)
    return node.namedChild(0) ?? node;
  return node;
}

/**
 * A value that is plainly not a real secret: too short, a placeholder
 * (`changeme`, `xxxx`, `<your key>`, `${VAR}`), words for a person to read
 * (it contains spaces), the name itself (a label such as "Password"), or an
 * environment variable's name (`DB_PASSWORD`).
 */
function isPlaceholder(value: string, name: string, minLength: number): boolean {
  const words = nameWords(name);
  return (
    value.length < minLength ||
    /\s/.test(value) ||
    /^(x+|\*+|\.+|-+|_+|0+|changeme|change_me|password|secret|todo|tbd|fixme|dummy|example|sample|test|placeholder|redacted|none|null|undefined)$/i.test(
      value,
    ) ||
    /^(your|my|enter|insert)[-_ ]/i.test(value) ||
    /^<.*>$|^\$\{.*\}$|^\{\{.*\}\}$|^%\(?\w*\)?s$|^\$[A-Z_]+$/.test(value) ||
    /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(value) ||
    value.toLowerCase().replace(/[^a-z0-9]/g, '') === words.join('') ||
    value.toLowerCase() === (words[words.length - 1] ?? '')
  );
}

interface Options {
  readonly minLength: number;
}

/** A secret written into the source. */
export const hardcodedSecret: Rule<Options> = {
  meta: {
    id: 'security/hardcoded-secret',
    type: 'security',
    severity: 'high',
    languages: TIER1,
    docs: {
      description: 'A password, key or token assigned a string literal.',
      cwe: 'CWE-798',
      examples: [
        {
          language: 'python',
          bad: 'import psycopg\n\nDB_PASSWORD = "pr0d-Hunter2!"\nconn = psycopg.connect(host="db", user="app", password=DB_PASSWORD)\n',
          good: 'import os\nimport psycopg\n\nDB_PASSWORD = os.environ["DB_PASSWORD"]\nconn = psycopg.connect(host="db", user="app", password=DB_PASSWORD)\n',
        },
      ],
    },
    messages: {
      secretLiteral:
        'CWE-798: `{{name}}` on line {{line}} is set to a string literal ({{length}} characters), so anyone who can read this code or its history has the secret. Read it from the environment or a secrets manager at run time, and rotate the value that was committed.',
    },
    options: {
      schema: z.object({ minLength: z.number().int().min(1) }),
      defaults: { minLength: 4 },
      // Shorter literals under a secret's name are placeholders and test values far more often than secrets.
      focused: {},
      docs: {
        minLength:
          'Shortest literal reported; shorter values are taken for placeholders (empty strings, "x", "abc").',
      },
    },
  },
  create(context) {
    const { minLength } = context.options;
    const visit = (node: Node) => {
      const fields = ASSIGNMENTS[node.type];
      if (!fields) return;
      const nameNode = node.childForFieldName(fields[0]);
      const valueNode = node.childForFieldName(fields[1]);
      if (!nameNode || !valueNode) return;
      const target = inner(nameNode);
      // Only plain names, properties and keys: not destructuring patterns or several targets at once.
      if (
        !/identifier|^string$|^string_literal$|member_expression|^attribute$|field_access|selector_expression/.test(
          target.type,
        )
      )
        return;
      const name =
        target.text
          .replace(/^['"]|['"]$/g, '')
          .split(/[.]/)
          .pop() ?? '';
      if (!isSecretName(name)) return;
      const value = stringContent(inner(valueNode));
      if (value === undefined || isPlaceholder(value, name, minLength)) return;
      context.report({
        node,
        messageId: 'secretLiteral',
        data: { name, line: lineOf(node), length: value.length },
      });
    };
    const visitors: Record<string, (node: Node) => void> = {};
    for (const type of Object.keys(ASSIGNMENTS)) visitors[type] = visit;
    return visitors;
  },
};
