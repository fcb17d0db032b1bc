/** Every suggestion rule the engine runs, grouped by focus area. */
import { highFanOut } from './architecture/high-fan-out.js';
import { largeClass } from './architecture/large-class.js';
import { manyImports } from './architecture/many-imports.js';
import { bareExcept } from './best_practices/bare-except.js';
import { discardedError } from './best_practices/discarded-error.js';
import { emptyCatch } from './best_practices/empty-catch.js';
import { genericCatch } from './best_practices/generic-catch.js';
import { looseEquality } from './best_practices/loose-equality.js';
import { noVar } from './best_practices/no-var.js';
import { missingDoc } from './documentation/missing-doc.js';
import { cognitiveComplexity } from './maintainability/cognitive-complexity.js';
import { duplicatedString } from './maintainability/duplicated-string.js';
import { magicNumber } from './maintainability/magic-number.js';
import type { Rule } from './model.js';
import { awaitInLoop } from './performance/await-in-loop.js';
import { linearSearchInLoop } from './performance/linear-search-in-loop.js';
import { regexInLoop } from './performance/regex-in-loop.js';
import { searchInChain } from './performance/search-in-chain.js';
import { stringConcatInLoop } from './performance/string-concat-in-loop.js';
import { frontOfListInLoop } from './performance/front-of-list-in-loop.js';
import { deepNesting } from './readability/deep-nesting.js';
import { longFunction } from './readability/long-function.js';
import { nestedTernary } from './readability/nested-ternary.js';
import { tooManyParameters } from './readability/too-many-parameters.js';
import { exponentialRecursion } from './scalability/exponential-recursion.js';
import { nestedLoops } from './scalability/nested-loops.js';
import { syncIo } from './scalability/sync-io.js';
import { codeInjection } from './security/code-injection.js';
import { commandInjection } from './security/command-injection.js';
import { hardcodedSecret } from './security/hardcoded-secret.js';
import { htmlInjection } from './security/html-injection.js';
import { sqlInjection } from './security/sql-injection.js';
import { unsafeDeserialization } from './security/unsafe-deserialization.js';
import { weakRandom } from './security/weak-random.js';
import { tlsVerificationDisabled } from './security/tls-verification-disabled.js';
import { weakHash } from './security/weak-hash.js';
import { timingUnsafeCompare } from './security/timing-unsafe-compare.js';
import { prototypePollution } from './security/prototype-pollution.js';
import { reflectedXss } from './security/reflected-xss.js';
import { storedXss } from './security/stored-xss.js';
import { logInjection } from './security/log-injection.js';
import { pathTraversal } from './security/path-traversal.js';
import { archivePathTraversal } from './security/archive-path-traversal.js';
import { ssrf } from './security/ssrf.js';
import { openRedirect } from './security/open-redirect.js';
import { errorDetails } from './security/error-details.js';
import { xxe } from './security/xxe.js';
import { jwtVerification } from './security/jwt-verification.js';
import { parameterReordered } from './best_practices/parameter-reordered.js';
import { rustUnsafe } from './best_practices/rust-unsafe.js';
import { resourceLeak } from './best_practices/resource-leak.js';
import { deadCode } from './maintainability/dead-code.js';
import { lossyConversion } from './best_practices/lossy-conversion.js';
import { basisPaths } from './testing/basis-paths.js';
import { globalState } from './testing/global-state.js';

export const ALL_RULES: readonly Rule[] = [
  // security
  codeInjection,
  commandInjection,
  sqlInjection,
  htmlInjection,
  weakRandom,
  hardcodedSecret,
  unsafeDeserialization,
  tlsVerificationDisabled,
  weakHash,
  timingUnsafeCompare,
  prototypePollution,
  reflectedXss,
  storedXss,
  logInjection,
  pathTraversal,
  archivePathTraversal,
  ssrf,
  openRedirect,
  errorDetails,
  xxe,
  jwtVerification,
  // performance
  linearSearchInLoop,
  awaitInLoop,
  stringConcatInLoop,
  frontOfListInLoop,
  regexInLoop,
  searchInChain,
  // readability
  deepNesting,
  longFunction,
  tooManyParameters,
  nestedTernary,
  // best practices
  looseEquality,
  noVar,
  emptyCatch,
  bareExcept,
  discardedError,
  genericCatch,
  lossyConversion,
  rustUnsafe,
  parameterReordered,
  resourceLeak,
  // architecture
  highFanOut,
  largeClass,
  manyImports,
  // testing
  basisPaths,
  globalState,
  // documentation
  missingDoc,
  // scalability
  exponentialRecursion,
  syncIo,
  nestedLoops,
  // maintainability
  cognitiveComplexity,
  magicNumber,
  duplicatedString,
  deadCode,
];
