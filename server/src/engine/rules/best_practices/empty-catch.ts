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

/**
 * A handler that only lets the code go on past the `try` whose body returns: what follows the `try`
 * runs only when the body failed, so it is the failure's handling (`try: return int(s, 16)` /
 * `except ValueError: pass` / `raise DecodeError(…)`), and nothing is dropped.
 */
function fallsThroughToFailurePath(handler: Node): boolean {
  const tryNode = handler.parent;
  const body = tryNode?.childForFieldName('body');
  const statements = (body?.namedChildren ?? []).filter((c) => !c.type.includes('comment'));
  const last = statements[statements.length - 1];
  if (!tryNode || !last || !/^return(_statement)?$/.test(last.type)) return false;
  // …and something follows the `try` to handle the failure.
  return tryNode.nextNamedSibling !== null;
}

/** A handler that takes only the end of an iteration: `except StopIteration:`, `except (StopAsyncIteration):`. */
const ENDS_ITERATION =
  /^except\s*\(?\s*(StopIteration|StopAsyncIteration)(\s*,\s*(StopIteration|StopAsyncIteration))*\s*\)?\s*:$/;

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
      examples: [
        {
          language: 'java',
          bad: 'class Settings {\n  Properties load(Path path) {\n    Properties props = new Properties();\n    try (Reader r = Files.newBufferedReader(path)) {\n      props.load(r);\n    } catch (IOException e) {\n    }\n    return props;\n  }\n}\n',
          good: 'class Settings {\n  Properties load(Path path) {\n    Properties props = new Properties();\n    try (Reader r = Files.newBufferedReader(path)) {\n      props.load(r);\n    } catch (NoSuchFileException e) {\n      // No settings file yet: the defaults apply.\n    } catch (IOException e) {\n      throw new UncheckedIOException("cannot read " + path, e);\n    }\n    return props;\n  }\n}\n',
        },
        {
          language: 'typescript',
          bad: 'export function saveDraft(draft: Draft) {\n  api.save(draft).catch(() => {});\n}\n',
          good: "export function saveDraft(draft: Draft) {\n  api.save(draft).catch((err) => logger.warn('draft not saved', err));\n}\n",
        },
      ],
    },
    messages: {
      emptyExcept: `The \`{{head}}\` handler on line {{line}} does nothing, so the exception disappears without a trace and the code after it runs as if nothing failed; ${FIX}.`,
      emptyErrorCheck:
        '{{check}} on line {{line}} checks `{{error}}` and then does nothing, so the failure is ignored and the code below runs with whatever partial results the call left; return it (wrapped with fmt.Errorf("…: %w", {{error}})), handle it, or log it.',
      emptyCatch: `The \`{{catch}}\` block on line {{line}} is empty, so the error disappears without a trace and the code after it runs as if nothing failed; ${FIX}.`,
      swallowedRejection: `The \`.catch({{handler}})\` on line {{line}} swallows the rejection of {{promise}}: the failure is neither handled nor reported; ${FIX}.`,
    },
  },
  create(context) {
    switch (context.language) {
      case 'python':
        return {
          except_clause(node) {
            const block = node.namedChildren.find((c) => c?.type === 'block');
            if (!block || hasComment(node) || !isEmptyBlock(block) || fallsThroughToFailurePath(node)) return;
            const head = context.code.slice(node.startIndex, block.startIndex).replace(/\s+/g, ' ').trim();
            // `except StopIteration: pass` is an iterator running out, the normal end of iterating: no failure.
            if (ENDS_ITERATION.test(head)) return;
            context.report({ node, messageId: 'emptyExcept', data: { head, line: lineOf(node) } });
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
              messageId: 'emptyErrorCheck',
              data: { check: code(`if ${condition.text} {}`), line: lineOf(node), error: error.text },
            });
          },
        };
      default:
        return {
          catch_clause(node) {
            const body = node.childForFieldName('body');
            if (!isEmptyBlock(body) || hasComment(node) || fallsThroughToFailurePath(node)) return;
            const param =
              node.childForFieldName('parameter') ??
              node.namedChildren.find((c) => c?.type === 'catch_formal_parameter');
            context.report({
              node,
              messageId: 'emptyCatch',
              data: { catch: `catch${param ? ` (${param.text})` : ''}`, line: lineOf(node) },
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
              messageId: 'swallowedRejection',
              data: {
                handler: snipHandler(h.text),
                line: lineOf(node),
                promise: code(fn.childForFieldName('object')!.text, 40),
              },
            });
          },
        };
    }
  },
};

function snipHandler(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
