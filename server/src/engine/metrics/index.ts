/** Which metrics implementation serves each language. */
import type { LanguageId } from '@code-explain/shared';
import { goMetrics } from './go/index.js';
import { javaMetrics } from './java/index.js';
import { javascriptMetrics } from './javascript/index.js';
import type { LanguageMetrics } from './model.js';
import { pythonMetrics } from './python/index.js';

const BY_LANGUAGE: Partial<Record<LanguageId, LanguageMetrics>> = {
  javascript: javascriptMetrics,
  typescript: javascriptMetrics,
  tsx: javascriptMetrics,
  python: pythonMetrics,
  go: goMetrics,
  java: javaMetrics,
};

export class UnsupportedLanguageError extends Error {
  constructor(readonly language: LanguageId) {
    super(`metrics for ${language} are not available`);
    this.name = 'UnsupportedLanguageError';
  }
}

export function metricsFor(language: LanguageId): LanguageMetrics {
  const metrics = BY_LANGUAGE[language];
  if (!metrics) throw new UnsupportedLanguageError(language);
  return metrics;
}
