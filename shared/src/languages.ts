/**
 * The one registry of languages the product understands. The API, the engine
 * and the extension all read it, so adding a language starts here.
 */

export type LanguageTier = 1 | 2;

export interface LanguageInfo {
  /** Canonical id, the only spelling stored and returned. */
  readonly id: string;
  /** Human-readable name. */
  readonly name: string;
  /** Other accepted spellings, lower case. */
  readonly aliases: readonly string[];
  /** File name endings, with the dot, lower case. */
  readonly extensions: readonly string[];
  /** 1: deepest analysis; 2: metrics and a generic walkthrough. */
  readonly tier: LanguageTier;
}

export const LANGUAGES = [
  {
    id: 'javascript',
    name: 'JavaScript',
    aliases: ['js', 'jsx', 'mjs', 'cjs', 'node', 'javascriptreact', 'ecmascript'],
    extensions: ['.js', '.jsx', '.mjs', '.cjs'],
    tier: 1,
  },
  {
    id: 'typescript',
    name: 'TypeScript',
    aliases: ['ts', 'mts', 'cts'],
    extensions: ['.ts', '.mts', '.cts'],
    tier: 1,
  },
  {
    id: 'tsx',
    name: 'TypeScript JSX',
    aliases: ['typescriptreact'],
    extensions: ['.tsx'],
    tier: 1,
  },
  {
    id: 'python',
    name: 'Python',
    aliases: ['py', 'python3', 'py3'],
    extensions: ['.py', '.pyw', '.pyi'],
    tier: 1,
  },
  { id: 'java', name: 'Java', aliases: [], extensions: ['.java'], tier: 1 },
  { id: 'go', name: 'Go', aliases: ['golang'], extensions: ['.go'], tier: 1 },
  { id: 'c', name: 'C', aliases: ['h'], extensions: ['.c', '.h'], tier: 2 },
  {
    id: 'cpp',
    name: 'C++',
    aliases: ['c++', 'cc', 'cxx', 'hpp', 'cplusplus'],
    extensions: ['.cpp', '.cc', '.cxx', '.c++', '.hpp', '.hh', '.hxx'],
    tier: 2,
  },
  {
    id: 'csharp',
    name: 'C#',
    aliases: ['cs', 'c#', 'c-sharp', 'dotnet'],
    extensions: ['.cs'],
    tier: 2,
  },
  { id: 'rust', name: 'Rust', aliases: ['rs'], extensions: ['.rs'], tier: 2 },
  { id: 'php', name: 'PHP', aliases: [], extensions: ['.php'], tier: 2 },
  { id: 'ruby', name: 'Ruby', aliases: ['rb'], extensions: ['.rb'], tier: 2 },
  { id: 'kotlin', name: 'Kotlin', aliases: ['kt', 'kts'], extensions: ['.kt', '.kts'], tier: 2 },
  { id: 'swift', name: 'Swift', aliases: [], extensions: ['.swift'], tier: 2 },
  {
    id: 'bash',
    name: 'Bash',
    aliases: ['sh', 'shell', 'shellscript'],
    extensions: ['.sh', '.bash'],
    tier: 2,
  },
] as const satisfies readonly LanguageInfo[];

export type LanguageId = (typeof LANGUAGES)[number]['id'];

export const LANGUAGE_IDS = LANGUAGES.map((l) => l.id) as unknown as readonly [LanguageId, ...LanguageId[]];

export const DEFAULT_LANGUAGE: LanguageId = 'javascript';

const byName = new Map<string, LanguageId>();
const byExtension = new Map<string, LanguageId>();
for (const lang of LANGUAGES as readonly LanguageInfo[]) {
  for (const name of [lang.id, ...lang.aliases]) byName.set(name, lang.id as LanguageId);
  for (const ext of lang.extensions) byExtension.set(ext, lang.id as LanguageId);
}

/** The canonical id for an id or alias, ignoring case and surrounding space. */
export function resolveLanguage(name: string): LanguageId | undefined {
  return byName.get(name.trim().toLowerCase());
}

/** The language a file name implies by its ending, if any. */
export function languageForFileName(fileName: string): LanguageId | undefined {
  const lower = fileName.toLowerCase();
  const dot = lower.lastIndexOf('.');
  if (dot < 0 || dot < lower.lastIndexOf('/')) return undefined;
  return byExtension.get(lower.slice(dot));
}

export function languageInfo(id: LanguageId): LanguageInfo {
  const info = (LANGUAGES as readonly LanguageInfo[]).find((l) => l.id === id);
  // Every LanguageId comes from LANGUAGES, so this cannot miss.
  if (!info) throw new Error(`unknown language id ${id}`);
  return info;
}
