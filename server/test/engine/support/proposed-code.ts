/**
 * Code a suggestion proposes must parse in the snippet's language. A message
 * shows code in backticks; quotes of the snippet itself (whole or cut with
 * "…") are not proposals, nor are single words or operators. A proposal is
 * parsed as a statement, an expression or a type, in a wrapper the language
 * needs (a method body for Java, a function for Go); "…" and a bare `[...]`
 * stand for code the reader fills in; it passes when one of
 * those readings has no syntax error.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SourceParser } from '../../../src/engine/parsing/parser.js';

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The backticked fragments of `message` that propose code rather than quote `code`. */
export function proposedFragments(message: string, code: string): string[] {
  const source = squash(code);
  const out: string[] = [];
  // Markdown code spans: a run of backticks closes only with a run of the same length.
  for (const match of message.matchAll(/(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g)) {
    const inner = match[2]!;
    const fragment = /^ .* $/.test(inner) ? inner.slice(1, -1) : inner;
    // A bare name, keyword, number or operator says nothing about syntax.
    if (!/[(){}[\]=.<, ]/.test(fragment) || !/[A-Za-z_]/.test(fragment)) continue;
    // A keyword argument's or key's name (`cafile=`, `ca:`) names a setting, it is not code to parse.
    if (/^\w+[=:]$/.test(fragment)) continue;
    const quoted = squash(fragment.endsWith('…') ? fragment.slice(0, -1) : fragment);
    if (source.includes(quoted)) continue;
    out.push(fragment);
  }
  return out;
}

function readings(language: LanguageId, f: string): string[] {
  switch (language) {
    case 'javascript':
    case 'tsx':
      return [`${f};\n`, `(${f});\n`, `x = ${f};\n`];
    case 'typescript':
      return [`${f};\n`, `(${f});\n`, `x = ${f};\n`, `let x: ${f};\n`];
    case 'python':
      // A clause header (`except (A, B):`) needs the statement it belongs to and a body.
      return [`${f}\n`, `x = ${f}\n`, `${f}\n    pass\n`, `try:\n    pass\n${f}\n    pass\n`];
    case 'java':
      return [
        `class W { void m() { ${f}; } }\n`,
        `class W { void m() { ${f} } }\n`,
        `class W { void m() { Object x = ${f}; } }\n`,
        `class W { ${f} x; }\n`,
        // Modifiers (`static final`) read before a field.
        `class W { ${f} int x = 0; }\n`,
      ];
    case 'go':
      return [
        `package p\nfunc f() {\n${f}\n}\n`,
        // A statement header (`if err != nil`) with its block.
        `package p\nfunc f() {\n${f} {}\n}\n`,
        `package p\nvar x = ${f}\n`,
        `package p\nvar x ${f}\n`,
      ];
    case 'csharp':
      return [
        `class W { void M() { ${f}; } }\n`,
        `class W { void M() { var x = ${f}; } }\n`,
        `class W { ${f} x; }\n`,
      ];
    case 'rust':
      return [`${f}\n`, `fn f() { ${f}; }\n`, `fn f() { let x = ${f}; }\n`, `type X = ${f};\n`];
    default:
      return [`${f}\n`];
  }
}

/** Whether `fragment` parses in `language` read as a statement, expression or type. */
export async function parsesAsCode(
  parser: SourceParser,
  language: LanguageId,
  fragment: string,
): Promise<boolean> {
  // "…" stands for code the reader fills in: a name keeps the syntax.
  const text = fragment.replace(/…/g, 'x').replace(/\.\.\.(?=[\])])/g, 'x');
  for (const candidate of readings(language, text)) {
    const parsed = await parser.parse(candidate, language);
    if (parsed.errorRegions === 0) return true;
  }
  return false;
}

/** The proposals in `message` that do not parse; empty when all do. */
export async function unparsedProposals(
  parser: SourceParser,
  language: LanguageId,
  message: string,
  code: string,
): Promise<string[]> {
  const bad: string[] = [];
  for (const fragment of proposedFragments(message, code))
    if (!(await parsesAsCode(parser, language, fragment))) bad.push(fragment);
  return bad;
}
