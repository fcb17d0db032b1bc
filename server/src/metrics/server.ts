/**
 * The listener Prometheus scrapes: `GET /metrics` on METRICS_PORT, apart from
 * the API's port so a balancer never exposes it, on loopback unless
 * METRICS_HOST says otherwise (then METRICS_TOKEN is required, config.ts).
 * It speaks HTTPS when the service does, with the same certificate.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createPlainOrSecureServer, type ServerTls } from '../http/server.js';
import type { Logger } from '../logging.js';
import type { Metrics } from './metrics.js';

export interface MetricsServerOptions {
  readonly metrics: Pick<Metrics, 'registry'>;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  readonly token?: string;
  readonly tls?: ServerTls;
  readonly logger: Logger;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared as digests, so neither the time taken nor a length check says how much of the token was right. */
function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(body);
}

export function createMetricsServer(options: MetricsServerOptions): Server {
  const { metrics, logger } = options;
  const expected = options.token === undefined ? undefined : digest(options.token);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') return send(res, 404, 'not found: metrics are at /metrics\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(res, 405, 'method not allowed\n', { Allow: 'GET, HEAD' });
    }
    if (expected !== undefined && !tokenMatches(req.headers.authorization, expected)) {
      return send(res, 401, 'unauthorized: send Authorization: Bearer <METRICS_TOKEN>\n', {
        'WWW-Authenticate': 'Bearer',
      });
    }
    const body = await metrics.registry.metrics();
    res.writeHead(200, {
      'Content-Type': metrics.registry.contentType,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  return createPlainOrSecureServer(
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        logger.error({ err: error }, 'metrics: scrape failed');
        if (!res.headersSent) send(res, 500, 'internal error\n');
        else res.destroy();
      });
    },
    options.tls,
    logger,
  );
}
