/**
 * An engine worker that misbehaves on request, for the pool's tests: the real
 * engine behind the real protocol (serve.ts), except that
 * - code containing SEND_MALFORMED is answered with a response that breaks the contract;
 * - code containing EXIT_NOW ends the thread mid-analysis;
 * - with CEX_TEST_FAIL_CANARY=1 in its environment (copied when the thread starts), every probe fails.
 */
import { parentPort } from 'node:worker_threads';
import type { ExplainResponse } from '@code-explain/shared';
import { createEngine, type Engine } from '../../../src/engine/engine.js';
import { serve } from '../../../src/engine/pool/serve.js';

const real = createEngine();
const failProbes = process.env.CEX_TEST_FAIL_CANARY === '1';

const engine: Engine = {
  async explain(request) {
    if (request.code.includes('EXIT_NOW')) process.exit(7);
    // A deliberately wrong shape: the main thread must refuse it.
    if (request.code.includes('SEND_MALFORMED')) return { explanation: 42 } as unknown as ExplainResponse;
    return real.explain(request);
  },
  health: () => (failProbes ? Promise.resolve(false) : real.health()),
  dispose: () => real.dispose(),
};

serve(parentPort!, engine);
