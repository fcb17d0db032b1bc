/**
 * Parts of a built query that stand where SQL wants a name, not a value:
 * `FROM ${table}`, `ORDER BY ` + column. No driver binds a table or column
 * name as a parameter, so for these the fix is an allow-list of names, and
 * advice to use placeholders would be wrong.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import { pieces } from './taint-flows.js';

/** Literal text that ends where a table name goes. */
const BEFORE_TABLE = /\b(from|update|into|join|table)\s*[`"[]?$/i;
/** Literal text that ends where a column name (or a list of them) goes. */
const BEFORE_COLUMN = /\b(select|distinct|order\s+by|group\s+by)\s*[`"[]?$/i;
/** Literal text that starts with a sort direction: the part before it was a column. */
const AFTER_COLUMN = /^\s*[`"\]]?\s+(asc|desc)\b/i;

export interface NamePart {
  readonly node: Node;
  readonly kind: 'table' | 'column';
}

export interface QueryParts {
  /** Varying parts in a name's place. */
  readonly names: readonly NamePart[];
  /** Whether some varying part stands where a value goes (a placeholder's place). */
  readonly values: boolean;
}

/** The varying parts of a built query, sorted into names and values; undefined when it is not a `+` chain or template. */
export function queryParts(built: Node): QueryParts | undefined {
  const parts = pieces(built);
  if (!parts.some((p) => typeof p !== 'string')) return undefined;
  const names: NamePart[] = [];
  let values = false;
  parts.forEach((piece, i) => {
    if (typeof piece === 'string') return;
    // `${table}` in a template, `{table}` in an f-string: the expression inside.
    // C#'s `{table}` keeps its braces as named children: the expression is the other one.
    const part =
      piece.type === 'template_substitution' || piece.type === 'interpolation'
        ? (piece.childForFieldName('expression') ??
          piece.namedChildren.find((c) => c.type !== 'interpolation_brace') ??
          piece)
        : piece;
    const before = typeof parts[i - 1] === 'string' ? (parts[i - 1] as string) : '';
    const after = typeof parts[i + 1] === 'string' ? (parts[i + 1] as string) : '';
    if (BEFORE_TABLE.test(before)) names.push({ node: part, kind: 'table' });
    else if (BEFORE_COLUMN.test(before) || AFTER_COLUMN.test(after))
      names.push({ node: part, kind: 'column' });
    else values = true;
  });
  return { names, values };
}

/** The check that keeps a name to a known set, in the language's idiom. */
function allowCheck(language: LanguageId, name: string, kind: NamePart['kind']): string {
  const set = kind === 'table' ? 'ALLOWED_TABLES' : 'ALLOWED_COLUMNS';
  switch (language) {
    case 'python':
      return `\`${name} in ${set}\``;
    case 'java':
      return `\`${set}.contains(${name})\``;
    case 'go':
      return `\`${kind === 'table' ? 'allowedTables' : 'allowedColumns'}[${name}]\``;
    case 'csharp':
      return `\`${set}.Contains(${name})\``;
    default:
      return `\`${set}.has(${name})\``;
  }
}

/**
 * The fix for a query whose varying parts include names: check each against
 * a fixed set of allowed names (and bind the values, when there are some).
 * Undefined when no part stands where a name goes.
 */
export function nameFix(language: LanguageId, built: Node, valueFix: string): string | undefined {
  const parts = queryParts(built);
  if (!parts || parts.names.length === 0) return undefined;
  const checks = parts.names
    .filter((p) => /^[\w.$]{1,30}$/.test(p.node.text))
    .map((p) => allowCheck(language, p.node.text, p.kind));
  const what = parts.names.some((p) => p.kind === 'table') ? 'table' : 'column';
  const lead = `check the ${what} name against a fixed allow-list (no driver takes a ${what} name as a parameter)${
    checks.length > 0 ? `: stop unless ${checks.join(' and ')}` : ''
  }`;
  return parts.values ? `${lead}; and for the values, ${valueFix}` : lead;
}
