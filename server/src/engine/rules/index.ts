/** Every suggestion rule the engine runs. */
import { cognitiveComplexity } from './maintainability/cognitive-complexity.js';
import { highFanOut } from './architecture/high-fan-out.js';
import { bareExcept } from './best_practices/bare-except.js';
import { emptyCatch } from './best_practices/empty-catch.js';
import { looseEquality } from './best_practices/loose-equality.js';
import { missingDoc } from './documentation/missing-doc.js';
import type { Rule } from './model.js';
import { awaitInLoop } from './performance/await-in-loop.js';
import { regexInLoop } from './performance/regex-in-loop.js';
import { deepNesting } from './readability/deep-nesting.js';
import { tooManyParameters } from './readability/too-many-parameters.js';
import { exponentialRecursion } from './scalability/exponential-recursion.js';
import { syncIo } from './scalability/sync-io.js';
import { codeInjection } from './security/code-injection.js';
import { commandInjection } from './security/command-injection.js';
import { hardcodedSecret } from './security/hardcoded-secret.js';
import { sqlInjection } from './security/sql-injection.js';
import { basisPaths } from './testing/basis-paths.js';

export const ALL_RULES: readonly Rule[] = [
  codeInjection,
  commandInjection,
  sqlInjection,
  hardcodedSecret,
  regexInLoop,
  awaitInLoop,
  deepNesting,
  tooManyParameters,
  emptyCatch,
  looseEquality,
  bareExcept,
  highFanOut,
  basisPaths,
  missingDoc,
  exponentialRecursion,
  syncIo,
  cognitiveComplexity,
];
