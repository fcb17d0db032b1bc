import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { callArguments, code, lineOf, unwrap } from '../util.js';

function hasComment(node: Node): boolean {
  return node.descendantsOfType(['comment', 'line_comment', 'block_comment']).length > 0;
}

/** A block with no statements (Python: only `pass` or `...`) and no comment explaining why. */
function isEmptyBlock(block: Node | null | undefined): boolean {
  if (!block || hasComment(block)) return false;
  const statements = block.namedChildren.flatMap((c) =>
    c?.type === 'statement_list' ? c.namedChildren : [c],
  );
  return statements.every(
    (c) =>
      c === null ||
      c.type === 'pass_statement' ||
      c.type === 'empty_statement' ||
      (c.type === 'expression_statement' && c.namedChild(0)?.type === 'ellipsis'),
  );
}

const FIX = 'log it, handle it, rethrow it, or, if ignoring it is really safe, add a comment saying why';

/** Errors caught and silently dropped. */
export const emptyCatch: Rule = {
  meta: {
    id: 'best_practices/empty-catch',
    type: 'best_practices',
    severity: 'medium',
    languages: ['javascript', 'typescript', 'tsx', 'python', 'java', 'go'],
    docs: {
      description:
        'A catch/except block, promise .catch callback or Go `if err != nil {}` that does nothing with the error.',
    },
  },
  create(context) {
    switch (context.language) {
      case 'python':
        return {
          except_clause(node) {
            const block = node.namedChildren.find((c) => c?.type === 'block');
            if (!block || hasComment(node) || !isEmptyBlock(block)) return;
            const head = context.code.slice(node.startIndex, block.startIndex).replace(/\s+/g, ' ').trim();
            context.report({
              node,
              message: `The \`${head}\` handler on line ${lineOf(node)} does nothing, so the exception disappears without a trace and the code after it runs as if nothing failed; ${FIX}.`,
            });
          },
        };
      case 'go':
        return {
          if_statement(node) {
            const condition = node.childForFieldName('condition');
            const consequence = node.childForFieldName('consequence');
            if (node.childForFieldName('alternative') || condition?.type !== 'binary_expression') return;
            if (condition.childForFieldName('operator')?.text !== '!=') return;
            const sides = [condition.childForFieldName('left'), condition.childForFieldName('right')];
            const error = sides.find((s) => s?.type === 'identifier' && /^err$|Err$|^err[A-Z]/.test(s.text));
            if (!error || !sides.some((s) => s?.type === 'nil')) return;
            if (!isEmptyBlock(consequence)) return;
            context.report({
              node,
              message: `${code(`if ${condition.text} {}`)} on line ${lineOf(node)} checks \`${error.text}\` and then does nothing, so the failure is ignored and the code below runs with whatever partial results the call left; return it (wrapped with fmt.Errorf("…: %w", ${error.text})), handle it, or log it.`,
            });
          },
        };
      default:
        return {
          catch_clause(node) {
            const body = node.childForFieldName('body');
            if (!isEmptyBlock(body) || hasComment(node)) return;
            const param =
              node.childForFieldName('parameter') ??
              node.namedChildren.find((c) => c?.type === 'catch_formal_parameter');
            context.report({
              node,
              message: `The \`catch${param ? ` (${param.text})` : ''}\` block on line ${lineOf(node)} is empty, so the error disappears without a trace and the code after it runs as if nothing failed; ${FIX}.`,
            });
          },
          call_expression(node) {
            const fn = node.childForFieldName('function');
            if (fn?.type !== 'member_expression' || fn.childForFieldName('property')?.text !== 'catch')
              return;
            const handler = callArguments(node)[0];
            if (!handler) return;
            const h = unwrap(handler);
            if (h.type !== 'arrow_function' && h.type !== 'function_expression' && h.type !== 'function')
              return;
            const body = h.childForFieldName('body');
            if (body?.type !== 'statement_block' || !isEmptyBlock(body) || hasComment(h)) return;
            context.report({
              node,
              message: `The \`.catch(${snipHandler(h.text)})\` on line ${lineOf(node)} swallows the rejection of ${code(fn.childForFieldName('object')!.text, 40)}: the failure is neither handled nor reported; ${FIX}.`,
            });
          },
        };
    }
  },
};

function snipHandler(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
