/**
 * Structured JSON logs (pino). API keys never reach a log line: requests are
 * logged without headers or bodies, anything that looks like a key is masked,
 * and the usual places a credential could sit are redacted as a second line
 * of defence.
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger } from 'pino';

const KEY_PATTERN = /cex_[A-Za-z0-9_-]*/g;

/** The text with anything shaped like an API key masked. */
export function maskKeys(text: string): string {
  return text.replace(KEY_PATTERN, 'cex_[redacted]');
}

export function createLogger(level: Config['logLevel'], destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'code-explain' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'key',
        '*.key',
        'apiKey',
        '*.apiKey',
        'authorization',
        '*.authorization',
        'headers.authorization',
        'headers["x-api-key"]',
        '*.headers.authorization',
        '*.headers["x-api-key"]',
      ],
      censor: '[redacted]',
    },
    hooks: {
      // Every line passes here last: a key in an error message or stack is masked too.
      streamWrite: maskKeys,
    },
    formatters: {
      // Level names ("info") rather than pino's numbers, for people and log tools alike.
      level: (label: string) => ({ level: label }),
    },
  };
  // Synchronous by default: the process exits with `process.exit` as soon as it has stopped, and
  // pino's own default (an asynchronous stream flushed on exit) could drop the last lines then.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: true }));
}
