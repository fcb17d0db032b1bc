/**
 * Per-function metrics for the tier-2 languages, by language id. Each
 * module's header says what it counts and where it departs from lizard.
 */
import type { LanguageId } from '@code-explain/shared';
import type { LanguageMetrics } from '../model.js';
import { bashMetrics } from './bash.js';
import { cMetrics } from './c.js';
import { cppMetrics } from './cpp.js';
import { csharpMetrics } from './csharp.js';
import { kotlinMetrics } from './kotlin.js';
import { phpMetrics } from './php.js';
import { rubyMetrics } from './ruby.js';
import { rustMetrics } from './rust.js';
import { swiftMetrics } from './swift.js';

export {
  bashMetrics,
  cMetrics,
  cppMetrics,
  csharpMetrics,
  kotlinMetrics,
  phpMetrics,
  rubyMetrics,
  rustMetrics,
  swiftMetrics,
};

export const TIER2_METRICS = {
  c: cMetrics,
  cpp: cppMetrics,
  csharp: csharpMetrics,
  rust: rustMetrics,
  php: phpMetrics,
  ruby: rubyMetrics,
  kotlin: kotlinMetrics,
  swift: swiftMetrics,
  bash: bashMetrics,
} as const satisfies Partial<Record<LanguageId, LanguageMetrics>>;
