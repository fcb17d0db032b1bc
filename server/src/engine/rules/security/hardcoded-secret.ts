import { z } from 'zod';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { calleeText, inTestCode, lineOf, nameWords, stringContent, TIER1 } from '../util.js';

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

/** Calls that only re-encode the literal they wrap: `"k".getBytes()`, `[]byte("k")`, `Buffer.from('k')`. */
const ENCODERS = /^(getBytes|toCharArray|encode|Buffer\.from|TextEncoder)$/;

/** The string literal a value is, or wraps in a conversion that keeps its text. */
function literalOf(value: Node): string | undefined {
  const v = inner(value);
  const direct = stringContent(v);
  if (direct !== undefined) return direct;
  // Go: []byte("k"), string("k").
  if (v.type === 'type_conversion_expression') {
    const operand = v.namedChildren[v.namedChildCount - 1];
    return operand ? stringContent(operand) : undefined;
  }
  if (v.type === 'method_invocation') {
    const object = v.childForFieldName('object');
    return object && ENCODERS.test(v.childForFieldName('name')?.text ?? '')
      ? stringContent(object)
      : undefined;
  }
  if (v.type === 'call' || v.type === 'call_expression') {
    const fn = v.childForFieldName('function');
    const args = v.childForFieldName('arguments')?.namedChildren ?? [];
    if (!fn || args.length !== 1 || !args[0]) return undefined;
    if (/^Buffer\.from$/.test(fn.text)) return stringContent(args[0]);
    // Python: "k".encode()
    const object = fn.childForFieldName('object');
    const attribute = fn.childForFieldName('attribute')?.text;
    return object && attribute === 'encode' ? stringContent(object) : undefined;
  }
  return undefined;
}

/** Methods that store a value under a key: `props.put("mail.password", …)`, `os.Setenv("API_KEY", …)`. */
const SETTERS = /(^|\.)(put|setProperty|set|Set|Setenv|setenv|putenv|setdefault)$/;

/** `scheme://user:password@host`: a credential written into a connection URL. */
const URL_CREDENTIALS = /^[a-z][a-z0-9+.-]*:\/\/([^:/@\s]+):([^@\s/]+)@[^\s@]+$/i;
const STRING_TYPES = new Set([
  'string',
  'string_literal',
  'interpreted_string_literal',
  'raw_string_literal',
  'template_string',
]);

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
      urlPassword:
        'CWE-798: the connection URL on line {{line}} carries the password of `{{user}}` ({{length}} characters), so anyone who can read this code or its history can connect. Read the URL (or just its password) from the environment or a secrets manager at run time, and rotate the password that was committed.',
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
      // The value first: most assignments are not of a literal, and then the name need not be split.
      const value = literalOf(valueNode);
      if (value === undefined) return;
      const name =
        target.text
          .replace(/^['"]|['"]$/g, '')
          .split(/[.]/)
          .pop() ?? '';
      if (!isSecretName(name) || isPlaceholder(value, name, minLength)) return;
      if (inTestCode(context.facts, lineOf(node))) return;
      context.report({
        node,
        messageId: 'secretLiteral',
        data: { name, line: lineOf(node), length: value.length },
      });
    };
    const setter = (node: Node) => {
      const callee = calleeText(node);
      if (!SETTERS.test(callee)) return;
      const args = (node.childForFieldName('arguments')?.namedChildren ?? []).filter(
        (a): a is Node => a !== null && !a.type.includes('comment'),
      );
      if (args.length !== 2) return;
      const key = stringContent(args[0]!);
      const name = key?.split(/[.]/).pop() ?? '';
      if (!key || !isSecretName(name)) return;
      const value = literalOf(args[1]!);
      if (value === undefined || isPlaceholder(value, name, minLength)) return;
      if (inTestCode(context.facts, lineOf(node))) return;
      context.report({
        node,
        messageId: 'secretLiteral',
        data: { name: key, line: lineOf(node), length: value.length },
      });
    };
    const connectionUrl = (node: Node) => {
      if (
        node.type === 'template_string' &&
        node.namedChildren.some((c) => c?.type === 'template_substitution')
      )
        return;
      const match = URL_CREDENTIALS.exec(stringContent(node) ?? '');
      if (!match) return;
      const user = match[1] ?? '';
      const password = match[2] ?? '';
      // `postgres:postgres@localhost`, `user:${PASSWORD}@…`, `user:{pw}@…`: a local default or a placeholder.
      if (
        password === user ||
        /^[{<].*[}>]$|^(pass|pwd|pw|pass(word)?\d*|passw0rd)$/i.test(password) ||
        isPlaceholder(password, 'password', minLength) ||
        inTestCode(context.facts, lineOf(node))
      )
        return;
      context.report({
        node,
        messageId: 'urlPassword',
        data: { user, line: lineOf(node), length: password.length },
      });
    };
    const visitors: Record<string, (node: Node) => void> = {};
    for (const type of Object.keys(ASSIGNMENTS)) visitors[type] = visit;
    for (const type of ['call', 'call_expression', 'method_invocation']) visitors[type] = setter;
    for (const type of STRING_TYPES) visitors[type] = connectionUrl;
    return visitors;
  },
};
