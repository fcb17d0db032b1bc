/** Which metrics implementation serves each language: its `metrics` in languages/. */
import type { LanguageId } from '@code-explain/shared';
import { LANGUAGES } from '../languages/index.js';
import type { LanguageMetrics } from './model.js';

export function metricsFor(language: LanguageId): LanguageMetrics {
  return LANGUAGES[language].metrics;
}
