/**
 * What an analysis in the engine pool can end in besides an explanation. Each
 * error carries the contract's error code, so the HTTP layer maps it without
 * knowing how the pool works; `retryAfterSeconds` is set where waiting helps.
 */
import type { ErrorCode } from '@code-explain/shared';

export type EngineErrorCode = Extract<
  ErrorCode,
  'analysis_timeout' | 'analysis_failed' | 'overloaded' | 'engine_unavailable'
>;

export abstract class EngineError extends Error {
  abstract readonly code: EngineErrorCode;
  /** Whole seconds (≥ 1) after which a retry may succeed; undefined where retrying will not help. */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, retryAfterSeconds?: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds === undefined ? undefined : wholeSeconds(retryAfterSeconds);
  }
}

/** Rounds up to whole seconds, at least 1, as Retry-After wants them. */
export function wholeSeconds(seconds: number): number {
  return Math.max(1, Math.ceil(seconds));
}

/** Which limit stopped the analysis: the pool's per-analysis deadline, or the parser's own. */
export type TimeoutStage = 'deadline' | 'parser';

export class AnalysisTimeoutError extends EngineError {
  readonly code = 'analysis_timeout';

  constructor(
    readonly limitMs: number,
    readonly stage: TimeoutStage,
  ) {
    super(
      stage === 'deadline'
        ? `the analysis did not finish within ${limitMs} ms and was stopped; try a smaller snippet`
        : `parsing did not finish within ${limitMs} ms and was stopped; try a smaller snippet`,
    );
    this.name = 'AnalysisTimeoutError';
  }
}

/**
 * Why a worker was given up on while it ran an analysis: its WebAssembly
 * runtime trapped or aborted, the engine threw something other than a parse
 * timeout, the thread died, or it sent a message that breaks the protocol.
 */
export type FailureReason = 'trap' | 'error' | 'exit' | 'protocol';

const FAILURE_MESSAGES: Record<FailureReason, string> = {
  trap: 'the parser crashed on this input; its worker was replaced and other requests are unaffected, but this input will fail again',
  error:
    'the analysis of this input failed with an unexpected error; its worker was replaced and other requests are unaffected',
  exit: 'the worker analysing this input stopped unexpectedly; it was replaced and other requests are unaffected',
  protocol:
    'the worker analysing this input answered with an invalid message; it was replaced and other requests are unaffected',
};

export class AnalysisFailedError extends EngineError {
  readonly code = 'analysis_failed';

  constructor(readonly reason: FailureReason) {
    super(FAILURE_MESSAGES[reason]);
    this.name = 'AnalysisFailedError';
  }
}

/** Why a request was refused for load: the queue was full, or it waited in the queue too long. */
export type OverloadReason = 'queue_full' | 'queue_wait';

export class EngineOverloadedError extends EngineError {
  readonly code = 'overloaded';

  constructor(
    readonly reason: OverloadReason,
    retryAfterSeconds: number,
  ) {
    super(
      reason === 'queue_full'
        ? 'too many analyses are waiting; retry later'
        : 'the analysis waited too long for a free worker; retry later',
      retryAfterSeconds,
    );
    this.name = 'EngineOverloadedError';
  }
}

export class EngineUnavailableError extends EngineError {
  readonly code = 'engine_unavailable';

  constructor(message: string, retryAfterSeconds: number) {
    super(message, retryAfterSeconds);
    this.name = 'EngineUnavailableError';
  }
}
