/**
 * Maps VS Code's language ids (and, as a fallback, file names) to the API's
 * language ids, so an unsupported language is reported before any request.
 */
import { languageForFileName, resolveLanguage, type LanguageId } from '@code-explain/shared';

// VS Code ids that the contract's aliases do not already cover, and ids that
// must not fall through to a look-alike (Objective-C is not C).
const VSCODE_IDS: Readonly<Record<string, LanguageId | null>> = {
  'objective-c': null,
  'objective-cpp': null,
  cuda: null,
  'cuda-cpp': null,
  plaintext: null,
};

export function apiLanguageFor(vscodeLanguageId: string, fileName?: string): LanguageId | undefined {
  const special = VSCODE_IDS[vscodeLanguageId];
  if (special === null) return undefined;
  if (special !== undefined) return special;
  return resolveLanguage(vscodeLanguageId) ?? (fileName ? languageForFileName(fileName) : undefined);
}
