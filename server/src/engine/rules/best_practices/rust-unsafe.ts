import type { Rule } from '../model.js';
import { lineOf } from '../util.js';

/** What an `unsafe` block does that the compiler no longer checks, read from its code. */
function whatItDoes(text: string): string[] {
  const does: string[] = [];
  if (/\*\s*[A-Za-z_(]|\.as_ptr\(|\bas\s+\*(const|mut)\b/.test(text)) does.push('works with raw pointers');
  if (/\btransmute\b/.test(text)) does.push('reinterprets memory with `transmute`');
  if (/\bfrom_raw_parts|\bfrom_utf8_unchecked\b|\bget_unchecked/.test(text))
    does.push('skips a bounds or validity check');
  if (/\bstatic\s+mut\b|\b[A-Z_]{2,}\s*[+-]?=/.test(text)) does.push('changes a mutable static');
  if (/\bextern\b|\blibc::/.test(text)) does.push('calls foreign (C) code');
  return does;
}

/** Rust `unsafe` blocks: where the compiler stops checking memory safety, so a reviewer must. */
export const rustUnsafe: Rule = {
  meta: {
    id: 'best_practices/rust-unsafe',
    type: 'best_practices',
    severity: 'info',
    languages: ['rust'],
    docs: { description: 'An `unsafe` block: what it does that the compiler no longer checks.' },
  },
  create(context) {
    return {
      unsafe_block(node) {
        const does = whatItDoes(node.text);
        const last = node.endPosition.row + 1;
        context.report({
          node,
          message: `The \`unsafe\` block on line ${lineOf(node)}${last > lineOf(node) ? `–${last}` : ''} ${does.length ? does.join(', ') : 'is code the compiler does not check for memory safety'}; its soundness rests on conditions the code must uphold by hand. Keep the block as small as it can be and write down, in a \`// SAFETY:\` comment above it, why those conditions hold here.`,
        });
      },
    };
  },
};
