/**
 * Whether a unit is part of its code's public surface, by each language's own
 * rule: `export` in JavaScript, a capital letter in Go, `public` in Java and
 * C#, `pub` in Rust, no leading underscore in Python.
 */
import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../parsing/node.js';
import type { UnitMetrics } from '../metrics/model.js';

function exportedJs(node: Node): boolean {
  for (let p: Node | null = node.parent; p; p = p.parent) {
    if (p.type === 'export_statement') return true;
    if (
      !/^(variable_declarator|lexical_declaration|variable_declaration|class_body|class_declaration|class)$/.test(
        p.type,
      )
    )
      return false;
  }
  return false;
}

function modifiersText(node: Node): string {
  return node.namedChildren
    .filter((c) => /modifier|visibility/.test(c.type))
    .map((c) => c.text)
    .join(' ');
}

export function isExported(
  language: LanguageId,
  node: Node,
  metrics: UnitMetrics,
  parent: UnitMetrics | undefined,
  /** Whether the snippet uses `export` at all: without it, its top level is its surface. */
  snippetExports: boolean,
): boolean {
  const short = metrics.name.split(/[.#:]/).pop() ?? metrics.name;
  if (short.startsWith('<')) return false;
  // A unit nested in a function is private to it, whatever it is called.
  if (parent && parent.kind !== 'class') return false;
  switch (language) {
    case 'javascript':
    case 'typescript':
    case 'tsx':
      return exportedJs(node) || (!parent && !snippetExports);
    case 'python':
      return !short.startsWith('_') || /^__\w+__$/.test(short);
    case 'go':
      return /^[A-Z]/.test(short);
    case 'java':
    case 'csharp':
    case 'php':
    case 'swift':
      return (
        /\b(public|open)\b/.test(modifiersText(node)) ||
        (language === 'php' && !/\b(private|protected)\b/.test(modifiersText(node)))
      );
    case 'kotlin':
      return !/\b(private|internal|protected)\b/.test(modifiersText(node));
    case 'rust':
      return /^pub\b/.test(modifiersText(node));
    default:
      return !parent || !short.startsWith('_');
  }
}
