/** Which metrics implementation serves each language. */
import type { LanguageId } from '@code-explain/shared';
import { goMetrics } from './go/index.js';
import { javaMetrics } from './java/index.js';
import { javascriptMetrics } from './javascript/index.js';
import type { LanguageMetrics } from './model.js';
import { pythonMetrics } from './python/index.js';
import { TIER2_METRICS } from './tier2/index.js';

const BY_LANGUAGE: Readonly<Record<LanguageId, LanguageMetrics>> = {
  javascript: javascriptMetrics,
  typescript: javascriptMetrics,
  tsx: javascriptMetrics,
  python: pythonMetrics,
  go: goMetrics,
  java: javaMetrics,
  ...TIER2_METRICS,
};

export function metricsFor(language: LanguageId): LanguageMetrics {
  return BY_LANGUAGE[language];
}
