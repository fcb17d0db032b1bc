/**
 * An engine worker that misbehaves on request, for the pool's tests: the real
 * engine behind the real protocol (serve.ts), except that
 * - code containing SEND_MALFORMED: the engine answers outside the contract (serve.ts's check reports it);
 * - code containing SEND_GARBLED: the worker posts a reply that is not an answer, past serve.ts (the main
 *   thread must refuse it);
 * - code containing EXIT_NOW ends the thread mid-analysis;
 * - code containing `HOLD_WHILE <path>` (to the end of its line) is explained only once that file is gone
 *   (so a test decides when an analysis ends, and in what order the pool hands out workers);
 * - with CEX_TEST_FAIL_CANARY=1 in its environment (copied when the thread starts), every probe fails;
 * - with CEX_TEST_CANARY_GATE=<path>, a probe waits while that file exists (so a test can hold
 *   replacement workers in their canary for as long as it needs).
 */
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort } from 'node:worker_threads';
import type { ExplainResponse } from '@code-explain/shared';
import { createEngine, type Engine } from '../../../src/engine/engine.js';
import { serve } from '../../../src/engine/pool/serve.js';

const real = createEngine();
const failProbes = process.env.CEX_TEST_FAIL_CANARY === '1';
const gate = process.env.CEX_TEST_CANARY_GATE;

async function probe(): Promise<boolean> {
  while (gate !== undefined && existsSync(gate)) await sleep(20);
  return failProbes ? false : real.health();
}

const engine: Engine = {
  async explain(request) {
    if (request.code.includes('EXIT_NOW')) process.exit(7);
    const held = /HOLD_WHILE (\S+)/.exec(request.code)?.[1];
    while (held !== undefined && existsSync(held)) await sleep(10);
    // A deliberately wrong shape: the worker's own contract check must refuse it.
    if (request.code.includes('SEND_MALFORMED')) return { explanation: 42 } as unknown as ExplainResponse;
    return real.explain(request);
  },
  health: probe,
  dispose: () => real.dispose(),
};

const port = parentPort!;
serve(
  {
    on(event, listener) {
      return port.on(event, (raw: { id?: number; request?: { code?: string } }) => {
        if (raw.request?.code?.includes('SEND_GARBLED')) {
          port.postMessage({ type: 'explained', id: raw.id, response: { explanation: 42 } });
          return;
        }
        listener(raw);
      });
    },
    postMessage: (message) => port.postMessage(message),
  },
  engine,
);
