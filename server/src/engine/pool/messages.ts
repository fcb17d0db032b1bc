/**
 * The protocol between the pool (main thread) and an engine worker. The main
 * thread sends one task at a time; the worker answers it with exactly one
 * reply carrying the task's id. Both sides validate what they receive: the
 * main thread treats an invalid reply as a crash of that worker. The worker
 * checks its own answer against the contract before sending it.
 */
import { explainRequestSchema, type ExplainResponse } from '@code-explain/shared';
import { z } from 'zod';

const taskId = z.number().int().nonnegative();

/** Main → worker. `probe` parses a small snippet: the canary and the health check. */
export const taskMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('explain'), id: taskId, request: explainRequestSchema }),
  z.strictObject({ type: z.literal('probe'), id: taskId }),
]);
export type TaskMessage = z.input<typeof taskMessageSchema>;

/** The error a worker reports when the engine threw something other than a parse timeout. */
export const crashSchema = z.strictObject({
  name: z.string(),
  message: z.string(),
  /** The WebAssembly runtime trapped or aborted: nothing in that worker can be trusted any more. */
  trap: z.boolean(),
});
export type Crash = z.infer<typeof crashSchema>;

/** A rule that threw during the task (engine.ts's RuleFailureReport), for the main thread's log. */
export const ruleFailureSchema = z.strictObject({
  rule: z.string(),
  phase: z.enum(['create', 'visit', 'exit']),
  message: z.string(),
});

/**
 * An answer's outline: the worker has already held the whole answer to the
 * contract (serve.ts), off the main thread; here only what tells an answer from
 * a garbled or foreign message is checked, in constant time whatever its size.
 */
const answerOutlineSchema = z.looseObject({
  explanation: z.string(),
  sections: z.array(z.unknown()),
  suggestions: z.array(z.unknown()),
  metadata: z.looseObject({ language: z.string() }),
});
const checkedAnswerSchema = z.custom<ExplainResponse>(
  (value) => answerOutlineSchema.safeParse(value).success,
  'not an explain answer',
);

/** Worker → main. */
export const workerMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('explained'),
    id: taskId,
    response: checkedAnswerSchema,
    /** Rules that threw; the response's notes name them, this says why. */
    ruleFailures: z.array(ruleFailureSchema).optional(),
  }),
  z.strictObject({ type: z.literal('probed'), id: taskId, ok: z.boolean() }),
  /** The parser's own timeout stopped the parse; the worker is fine. */
  z.strictObject({ type: z.literal('parse-timeout'), id: taskId, limitMs: z.number().positive() }),
  z.strictObject({ type: z.literal('crashed'), id: taskId, error: crashSchema }),
]);
export type WorkerMessage = z.infer<typeof workerMessageSchema>;

/** What a worker is started with (its `workerData`). */
export const workerOptionsSchema = z.strictObject({
  /** The parser's own timeout (SourceParser); unset: its default. */
  parseTimeoutMs: z.number().int().positive().optional(),
  /** Added to the worker thread's nice value (engine/pool/priority.ts); unset: none. */
  nice: z.number().int().min(0).max(19).optional(),
});
export type WorkerOptions = z.infer<typeof workerOptionsSchema>;
