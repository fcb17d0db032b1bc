/**
 * The Node HTTP server around the Koa app: HTTPS (HTTP/1.1, node:https) when
 * given a certificate, plain HTTP otherwise. Requests so malformed that Node's
 * parser refuses them never reach Koa; they still get the contract's error
 * body (with a request id) instead of Node's bare 400.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createServer as createSecureServer } from 'node:https';
import type Koa from 'koa';
import type { TlsConfig } from '../config.js';
import type { Logger } from '../logging.js';
import type { AppState } from './context.js';
import { ApiError } from './errors.js';

/** A certificate and its key (PEM), as config.ts reads them from TLS_CERT_FILE and TLS_KEY_FILE. */
export type ServerTls = Pick<TlsConfig, 'cert' | 'key'>;

/**
 * An HTTP or HTTPS server for `handler`. The HTTPS one is typed as Node's HTTP
 * server: node:https's Server has the same request, connection and shutdown
 * API (closeIdleConnections, closeAllConnections) that main.ts relies on.
 */
export function createPlainOrSecureServer(
  handler: Parameters<typeof createServer>[1],
  tls: ServerTls | undefined,
  logger: Logger,
): Server {
  if (tls === undefined) return createServer(handler);
  const server = createSecureServer({ cert: tls.cert, key: tls.key }, handler);
  // Failed handshakes (scanners, clients that distrust the certificate, plain HTTP on this port) are routine.
  server.on('tlsClientError', (error: NodeJS.ErrnoException) =>
    logger.debug({ code: error.code, reason: error.message }, 'TLS handshake failed'),
  );
  return server;
}

export interface HttpServerOptions {
  readonly tls?: ServerTls;
  /** How long an idle keep-alive connection stays open (default: Node's, 5 s). */
  readonly keepAliveTimeoutMs?: number;
}

export function createHttpServer(
  app: Koa<AppState>,
  logger: Logger,
  options: HttpServerOptions = {},
): Server {
  const server = createPlainOrSecureServer(app.callback(), options.tls, logger);
  // Closing an idle connection races a request the other side may be sending on it. With a balancer in
  // front, the balancer must be the one to close (config.ts, HTTP_KEEP_ALIVE_TIMEOUT_MS).
  if (options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = options.keepAliveTimeoutMs;
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const requestId = randomUUID();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    const body = JSON.stringify(
      new ApiError(
        'invalid_request',
        tooLarge ? 'request headers are too large' : 'malformed HTTP request',
      ).toBody(requestId),
    );
    logger.info({ requestId, code: error.code, status: tooLarge ? 431 : 400 }, 'malformed request');
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  // Slow clients must not hold a connection forever.
  server.requestTimeout = 60_000;
  return server;
}
