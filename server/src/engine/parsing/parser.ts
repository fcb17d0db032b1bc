/**
 * Parsing with tree-sitter (WASM). A `SourceParser` loads each grammar lazily,
 * once, and keeps one parser per language; create one per process and pass it
 * to whoever parses.
 */
import type { LanguageId } from '@code-explain/shared';
import { Language, Parser, type Node } from 'web-tree-sitter';
import { grammarPath, warmUpCode } from './grammars.js';
import { NodePool } from './node-pool.js';
import { initRuntime } from './runtime.js';
import { Snapshot } from './snapshot.js';

export interface ParsedSource {
  readonly language: LanguageId;
  /** The tree, copied out of WASM; offsets index into the parsed code. */
  readonly snapshot: Snapshot;
  /** Regions tree-sitter could not parse (ERROR nodes and inserted MISSING tokens). */
  readonly errorRegions: number;
}

export class ParseTimeoutError extends Error {
  constructor(readonly limitMs: number) {
    super(`parsing took longer than ${limitMs} ms and was stopped`);
    this.name = 'ParseTimeoutError';
  }
}

export interface SourceParserOptions {
  /** Parsing stops (ParseTimeoutError) after this long; a guard against pathological input. */
  readonly timeoutMs?: number;
}

export class SourceParser {
  readonly #languages = new Map<string, Promise<Language>>();
  /** Grammar file per language, resolved once (resolving costs more than a small parse). */
  readonly #paths = new Map<LanguageId, string>();
  readonly #parsers = new Map<LanguageId, Parser>();
  readonly #timeoutMs: number;
  /** Nodes of released snapshots, reused by the next copies (node-pool.ts). */
  readonly #pool = new NodePool();

  constructor(options: SourceParserOptions = {}) {
    this.#timeoutMs = options.timeoutMs ?? 1500;
  }

  /** The grammar for a language, loaded on first use. Languages sharing a grammar share the load. */
  language(id: LanguageId): Promise<Language> {
    const path = this.#paths.get(id) ?? this.#resolve(id);
    let loading = this.#languages.get(path);
    if (!loading) {
      loading = initRuntime()
        .then(() => Language.load(path))
        .then((language) => warmUp(id, language));
      // A failed load is not cached, so a later call may try again.
      loading.catch(() => this.#languages.delete(path));
      this.#languages.set(path, loading);
    }
    return loading;
  }

  #resolve(id: LanguageId): string {
    const path = grammarPath(id);
    this.#paths.set(id, path);
    return path;
  }

  /** Parses code into a snapshot; the tree-sitter tree itself is freed before this returns. */
  async parse(code: string, id: LanguageId): Promise<ParsedSource> {
    const language = await this.language(id);
    let parser = this.#parsers.get(id);
    if (!parser) {
      parser = new Parser();
      parser.setLanguage(language);
      this.#parsers.set(id, parser);
    }
    const deadline = performance.now() + this.#timeoutMs;
    const tree = parser.parse(code, null, {
      // Returning true cancels the parse (the .d.ts types the callback as void).
      progressCallback: (() => performance.now() > deadline) as unknown as () => void,
    });
    if (!tree) {
      parser.reset();
      throw new ParseTimeoutError(this.#timeoutMs);
    }
    try {
      const root = tree.rootNode;
      return {
        language: id,
        snapshot: Snapshot.of(root, { text: code, pool: this.#pool }),
        errorRegions: countErrorRegions(root),
      };
    } finally {
      tree.delete();
    }
  }

  dispose(): void {
    for (const parser of this.#parsers.values()) parser.delete();
    this.#parsers.clear();
  }
}

function warmUp(id: LanguageId, language: Language): Language {
  const code = warmUpCode(id);
  if (code === undefined) return language;
  const parser = new Parser();
  try {
    parser.setLanguage(language);
    parser.parse(code)?.delete();
  } finally {
    parser.delete();
  }
  return language;
}

/**
 * Counts outermost ERROR nodes plus MISSING nodes. Only subtrees that contain
 * an error are entered, so a clean tree costs one check.
 */
export function countErrorRegions(root: Node): number {
  if (!root.hasError) return 0;
  let count = 0;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.isError) {
      count++;
      continue;
    }
    if (node.isMissing) {
      count++;
      continue;
    }
    if (!node.hasError) continue;
    for (let i = node.childCount - 1; i >= 0; i--) {
      const child = node.child(i);
      if (child) stack.push(child);
    }
  }
  return count;
}
