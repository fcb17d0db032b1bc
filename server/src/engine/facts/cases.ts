/**
 * The arms of a switch, match or when, read from the tree: which labels or
 * patterns lead to which body, the default, and arms that fall through into
 * the next. Labels written one after another with no body between them share
 * the next body, as `case 'a': case 'b':` does.
 */
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { CaseArm } from './model.js';

const ARM =
  /^(switch_case|switch_default|case_clause|expression_case|type_case|default_case|communication_case|switch_block_statement_group|switch_rule|match_arm|switch_section|when_entry|switch_entry|case_item|when|case_statement|default_statement)$/;
const LABEL_TYPES =
  /^(switch_label|case_pattern|case_switch_label|default_switch_label|when_condition|switch_pattern|pattern)$/;
const DEFAULT_TYPES = /^(switch_default|default_case|default_statement)$/;
const ENDS_ARM =
  /^(break_statement|return_statement|throw_statement|continue_statement|goto_statement|yield_statement|raise_statement)$/;

/** The arms: the switch's body's children that are arms (or the switch's own, for grammars without a body node). */
function armsOf(node: Node): Node[] {
  const body = node.childForFieldName('body') ?? node;
  const arms = body.namedChildren.filter((c) => ARM.test(c.type));
  return arms.length > 0 ? arms : node.namedChildren.filter((c) => ARM.test(c.type));
}

function labelNodes(arm: Node): Node[] {
  // Rust's match arm has both: the `pattern` leads to the arm, the `value` is its body.
  const pattern = arm.childrenForFieldName('pattern');
  if (pattern.length) return pattern;
  const value = arm.childrenForFieldName('value');
  if (value.length) return value;
  const type = arm.childrenForFieldName('type');
  if (type.length && arm.type === 'type_case') return type;
  const typed = arm.namedChildren.filter((c) => LABEL_TYPES.test(c.type));
  return typed.length ? typed : betweenCaseAndColon(arm);
}

/**
 * Grammars that put a label's pattern straight in the arm (C#'s `switch_section` holds `case`, a
 * `constant_pattern` or any other pattern, a `when_clause`, `:` and then the statements): the named
 * children between each `case` and its `:`.
 */
function betweenCaseAndColon(arm: Node): Node[] {
  const out: Node[] = [];
  let inLabel = false;
  for (const c of arm.children) {
    if (!c.named && c.type === 'case') inLabel = true;
    else if (!c.named && c.type === ':') inLabel = false;
    else if (inLabel && c.named && !c.type.includes('comment')) out.push(c);
  }
  return out;
}

/** The label texts, a `when` guard joined to the pattern it guards (`Mode.Space when i > 0`). */
function labelTexts(labels: readonly Node[]): string[] {
  const out: string[] = [];
  for (const l of labels) {
    const text = labelText(l);
    if (text === '') continue;
    if (l.type === 'when_clause' && out.length > 0) out[out.length - 1] += ` ${text}`;
    else out.push(text);
  }
  return out;
}

function labelText(node: Node): string {
  return node.text
    .replace(/^case\s+/, '')
    .replace(/\s*:$/, '')
    .trim();
}

/** Go's `case 1, 2:` lists its labels in one expression list. */
function split(node: Node): readonly Node[] {
  return node.type === 'expression_list' ? node.namedChildren : [node];
}

/**
 * Whether an arm's last statement leaves it: a jump, or a braced block (`case '[': { …; return p+1; }`)
 * whose own last statement does. An empty block, or one ending in anything else, runs on.
 */
function endsInJump(last: Node): boolean {
  if (ENDS_ARM.test(last.type)) return true;
  if (!/^(block|statement_block|compound_statement)$/.test(last.type)) return false;
  const inner = last.namedChildren.filter((c) => !c.type.includes('comment'));
  const end = inner[inner.length - 1];
  return end !== undefined && endsInJump(end);
}

export function casesOf(node: Node): CaseArm[] {
  const arms = armsOf(node);
  const out: CaseArm[] = [];
  let pending: string[] = [];
  let pendingLine = 0;
  arms.forEach((arm, index) => {
    const labels = labelNodes(arm).flatMap(split);
    const texts = labelTexts(labels);
    const isDefault =
      DEFAULT_TYPES.test(arm.type) ||
      texts.some((t) => /^(default|_|else)$/.test(t)) ||
      (texts.length === 0 && /^\s*(default|else)\b/.test(arm.text));
    const shown = texts.length
      ? texts.map((t) => (t === 'default' ? 'default' : t))
      : isDefault
        ? ['default']
        : [];
    const labelIds = new Set(labels.map((l) => l.id));
    // Go and C# hold an arm's statements in one list node; the statements are its children.
    const statements = arm.namedChildren
      .filter((c) => !labelIds.has(c.id) && !LABEL_TYPES.test(c.type) && !c.type.includes('comment'))
      .flatMap((c) => (c.type === 'statement_list' ? c.namedChildren : [c]));
    // Bodies of consequence/body fields count as statements even when the grammar wraps them.
    if (statements.length === 0 && !isDefault && index < arms.length - 1) {
      if (pending.length === 0) pendingLine = arm.startPosition.row + 1;
      pending.push(...shown);
      return;
    }
    const last = statements[statements.length - 1];
    const goFallthrough = statements.some((s) => s.type === 'fallthrough_statement');
    // C-family arms run on into the next unless they end in a jump; a `case 'x' ->` rule or a match arm never does.
    const cStyle =
      /^(switch_case|switch_block_statement_group|switch_section|case_statement|default_statement)$/.test(
        arm.type,
      );
    const runsOn =
      goFallthrough || (cStyle && index < arms.length - 1 && last !== undefined && !endsInJump(last));
    out.push({
      labels: [...pending, ...shown],
      line: pending.length ? pendingLine : arm.startPosition.row + 1,
      isDefault,
      fallsThrough: runsOn,
      node: arm.id,
      statements: statements.map((st) => st.id),
    });
    pending = [];
  });
  if (pending.length) out.push({ labels: pending, line: pendingLine, isDefault: false, fallsThrough: false });
  return out;
}
