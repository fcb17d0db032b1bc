/**
 * An engine worker whose rules include one that always throws (failing-rule.ts):
 * the real engine and the real protocol (serve.ts), for the test that a failed
 * rule reaches the response's notes and the HTTP layer's log.
 */
import { parentPort } from 'node:worker_threads';
import { createEngine } from '../../../src/engine/engine.js';
import { serve } from '../../../src/engine/pool/serve.js';
import { ALL_RULES } from '../../../src/engine/rules/index.js';
import { failingRule } from './failing-rule.js';

serve(parentPort!, createEngine({ rules: [failingRule, ...ALL_RULES] }));
