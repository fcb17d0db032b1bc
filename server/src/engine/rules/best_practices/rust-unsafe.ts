import { z } from 'zod';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import { lineOf } from '../util.js';

/**
 * Names bound to raw pointers in `scope`: parameters and fields typed
 * `*const T` / `*mut T`, and lets assigned from `.as_ptr()` or an `as *const` cast.
 */
function rawPointerNames(scope: string): Set<string> {
  const names = new Set<string>();
  for (const m of scope.matchAll(/\b(\w+)\s*:\s*\*\s*(?:const|mut)\b/g)) names.add(m[1]!);
  for (const m of scope.matchAll(
    /\blet\s+(?:mut\s+)?(\w+)\b[^=;]*=[^;]*(?:\.as_(?:mut_)?ptr\(|\bas\s+\*\s*(?:const|mut)\b)/g,
  ))
    names.add(m[1]!);
  return names;
}

/** What an `unsafe` block does that the compiler no longer checks, read from its code and the function around it. */
function whatItDoes(text: string, scope: string): string[] {
  const does: string[] = [];
  // `*x` is a raw-pointer dereference only when x is one; `*slice.get_unchecked(0)` dereferences a reference.
  const raw = rawPointerNames(scope);
  const derefsRaw = [...text.matchAll(/(?<![\w)\]])\*\s*\(?\s*(\w+)/g)].some((m) => raw.has(m[1]!));
  if (derefsRaw || /\.as_(?:mut_)?ptr\(|\bas\s+\*\s*(const|mut)\b/.test(text))
    does.push('works with raw pointers');
  if (/\btransmute\b/.test(text)) does.push('reinterprets memory with `transmute`');
  if (/\bfrom_raw_parts|\bfrom_utf8_unchecked\b|\bget_unchecked/.test(text))
    does.push('skips a bounds or validity check');
  if (/\bstatic\s+mut\b|\b[A-Z_]{2,}\s*[+-]?=/.test(text)) does.push('changes a mutable static');
  if (/\bextern\b|\blibc::/.test(text)) does.push('calls foreign (C) code');
  return does;
}

/** The `fn` item around a node (closures share its names), if any. */
function enclosingFn(node: Node): Node | undefined {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'function_item') return p;
  return undefined;
}

const COMMENTS = new Set(['line_comment', 'block_comment']);
const SAFETY = /^\/[/*]\s*SAFETY:/;

/** Where statements (and items) sit: the comment documenting one is its previous sibling there. */
const STATEMENT_LISTS = new Set(['block', 'source_file', 'declaration_list']);

/**
 * The `// SAFETY:` comment documenting an unsafe block, as Clippy's
 * undocumented_unsafe_blocks looks for it: in the run of comments directly
 * above the statement holding the block, or first inside the block.
 */
function safetyComment(block: Node): Node | undefined {
  const inner = block.namedChildren.find((c) => c?.type === 'block')?.namedChild(0);
  if (inner && COMMENTS.has(inner.type) && SAFETY.test(inner.text)) return inner;
  let statement = block;
  while (statement.parent && !STATEMENT_LISTS.has(statement.parent.type)) statement = statement.parent;
  let below = statement.startPosition.row;
  for (let c = statement.previousNamedSibling; c && COMMENTS.has(c.type); c = c.previousNamedSibling) {
    if (c.endPosition.row < below - 1) break;
    if (SAFETY.test(c.text)) return c;
    below = c.startPosition.row;
  }
  return undefined;
}

interface Options {
  readonly reportDocumented: boolean;
}

/** Rust `unsafe` blocks: where the compiler stops checking memory safety, so a reviewer must. */
export const rustUnsafe: Rule<Options> = {
  meta: {
    id: 'best_practices/rust-unsafe',
    type: 'best_practices',
    severity: 'info',
    languages: ['rust'],
    docs: {
      description:
        'An `unsafe` block with no `// SAFETY:` comment: what it does that the compiler no longer checks.',
      examples: [
        {
          language: 'rust',
          bad: 'fn first_byte(bytes: &[u8]) -> u8 {\n    assert!(!bytes.is_empty());\n    unsafe { *bytes.get_unchecked(0) }\n}\n',
          good: 'fn first_byte(bytes: &[u8]) -> u8 {\n    assert!(!bytes.is_empty());\n    // SAFETY: the assert above guarantees index 0 is in bounds.\n    unsafe { *bytes.get_unchecked(0) }\n}\n',
        },
      ],
    },
    messages: {
      undocumentedUnsafe:
        'The `unsafe` block on line {{lines}} {{does}}; its soundness rests on conditions the code must uphold by hand. Keep the block as small as it can be and write down, in a `// SAFETY:` comment above it, why those conditions hold here.',
      documentedUnsafe:
        'The `unsafe` block on line {{lines}} {{does}}; the `// SAFETY:` comment on line {{comment}} says why it is sound. Check that reason against the code as it is now, and keep the block no larger than what the reason covers.',
    },
    options: {
      schema: z.object({ reportDocumented: z.boolean() }),
      defaults: { reportDocumented: false },
      focused: { reportDocumented: true },
      docs: {
        reportDocumented:
          'Also point out unsafe blocks that have a `// SAFETY:` comment, so a review sees every place the compiler stops checking.',
      },
    },
  },
  create(context) {
    return {
      unsafe_block(node) {
        const comment = safetyComment(node);
        if (comment && !context.options.reportDocumented) return;
        const does = whatItDoes(node.text, (enclosingFn(node) ?? context.root).text);
        const first = lineOf(node);
        const last = node.endPosition.row + 1;
        const data = {
          lines: last > first ? `${first}–${last}` : `${first}`,
          does: does.length ? does.join(', ') : 'is code the compiler does not check for memory safety',
        };
        if (comment)
          context.report({
            node,
            messageId: 'documentedUnsafe',
            data: { ...data, comment: lineOf(comment) },
          });
        else context.report({ node, messageId: 'undocumentedUnsafe', data });
      },
    };
  },
};
