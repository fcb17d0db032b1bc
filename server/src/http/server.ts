/**
 * The Node HTTP server around the Koa app. Requests so malformed that Node's
 * parser refuses them never reach Koa; they still get the contract's error
 * body (with a request id) instead of Node's bare 400.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type Koa from 'koa';
import type { Logger } from '../logging.js';
import type { AppState } from './context.js';
import { ApiError } from './errors.js';

export function createHttpServer(app: Koa<AppState>, logger: Logger): Server {
  const server = createServer(app.callback());
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
