/**
 * Run as its own process by pool.test.ts: a pool left idle and a pool disposed
 * while busy. It prints what it saw and then has nothing left to do, so the
 * process exits by itself only if neither pool holds it open.
 */
import { explainRequestSchema } from '@code-explain/shared';
import { createEnginePool } from '../../../src/engine/pool/pool.js';

const idle = createEnginePool({ workers: 1 });
const explained = await idle.explain(explainRequestSchema.parse({ code: 'class A {}', language: 'java' }));

const busy = createEnginePool({ workers: 1, parseTimeoutMs: 600_000, timeoutMs: 600_000 });
await busy.ready();
const running = busy
  .explain(explainRequestSchema.parse({ code: `${'x=>'.repeat(2000)}1`, language: 'java' }))
  .then(
    () => 'explained',
    (error: unknown) => (error instanceof Error ? error.name : String(error)),
  );
const stats = busy.stats();
await busy.dispose();
const outcome = await running;

console.log(JSON.stringify({ language: explained.metadata.language, busy: stats.busy, outcome }));
