/**
 * The Node server around the Koa app. Given a certificate it serves HTTPS:
 * HTTP/2 and HTTP/1.1 on the same port, chosen by ALPN (node:http2 with
 * `allowHTTP1`), or HTTP/1.1 alone with TLS_HTTP2=false (node:https).
 * Without one, plain HTTP/1.1. Requests so malformed that Node's parser
 * refuses them never reach Koa; they still get the contract's error body
 * (with a request id) instead of Node's bare 400.
 *
 * Each kind closes its own way (`close`): HTTP/1.1 connections as they fall
 * idle, HTTP/2 sessions with GOAWAY, which tells the client which requests
 * were served and lets those in flight finish.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  constants as http2,
  createSecureServer as createHttp2SecureServer,
  Http2ServerRequest,
  type Http2SecureServer,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import type { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import type { TlsConfig } from '../config.js';
import type { Logger } from '../logging.js';
import type { AppState } from './context.js';
import { ApiError } from './errors.js';

/** A certificate and its key (PEM), as config.ts reads them from TLS_CERT_FILE and TLS_KEY_FILE. */
export type ServerTls = Pick<TlsConfig, 'cert' | 'key'>;

/** How long a client has to send a whole request (headers and body), on either protocol. */
const REQUEST_TIMEOUT_MS = 60_000;
/** Node's own default for an idle HTTP/1.1 keep-alive connection. */
const DEFAULT_IDLE_MS = 5000;
/**
 * Streams one HTTP/2 connection may have open at once: the common default
 * (nginx 128, Go 250, RFC 9113 suggests at least 100). Node allows 2^32 - 1.
 */
const MAX_CONCURRENT_STREAMS = 100;

/**
 * An HTTP or HTTPS (HTTP/1.1 only) server for `handler`. The HTTPS one is
 * typed as Node's HTTP server: node:https's Server has the same request,
 * connection and shutdown API (closeIdleConnections, closeAllConnections).
 */
export function createPlainOrSecureServer(
  handler: Parameters<typeof createServer>[1],
  tls: ServerTls | undefined,
  logger: Logger,
): Server {
  if (tls === undefined) return createServer(handler);
  const server = createHttpsServer({ cert: tls.cert, key: tls.key }, handler);
  logFailedHandshakes(server, logger);
  return server;
}

export interface HttpServerOptions {
  readonly tls?: ServerTls;
  /** With `tls`: offer HTTP/2 beside HTTP/1.1 (TLS_HTTP2, default true). */
  readonly http2?: boolean;
  /**
   * How long an idle connection stays open: an HTTP/1.1 keep-alive connection,
   * or an HTTP/2 session with no frames (default: Node's, 5 s).
   */
  readonly keepAliveTimeoutMs?: number;
  /** How long a client has to send a whole request (default REQUEST_TIMEOUT_MS; shorter in tests). */
  readonly requestTimeoutMs?: number;
}

/** The service's listening server, whatever its protocols. */
export interface ServiceServer {
  readonly protocols: readonly ('http/1.1' | 'h2')[];
  listen(port: number, host: string): Promise<AddressInfo>;
  /**
   * Stops accepting and lets requests in flight finish: HTTP/1.1 connections
   * close as they fall idle, HTTP/2 sessions get GOAWAY at once and close
   * after their last stream. After `graceMs` every connection left is cut.
   * Resolves once the last one has closed.
   */
  close(graceMs: number): Promise<void>;
}

export function createHttpServer(
  app: Koa<AppState>,
  logger: Logger,
  options: HttpServerOptions = {},
): ServiceServer {
  const timeouts: Timeouts = {
    idleMs: options.keepAliveTimeoutMs ?? DEFAULT_IDLE_MS,
    requestMs: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
  };
  if (options.tls !== undefined && options.http2 !== false) {
    return http2Server(app, logger, options.tls, timeouts);
  }
  const server = createPlainOrSecureServer(app.callback(), options.tls, logger);
  serveHttp1(server, logger, timeouts);
  return {
    protocols: ['http/1.1'],
    listen: (port, host) => listenOn(server, port, host),
    close: (graceMs) => closeHttp1Server(server, graceMs),
  };
}

/** Stops accepting, closes each connection once idle, and cuts the rest after `graceMs`. */
export function closeHttp1Server(server: Server, graceMs: number): Promise<void> {
  return closeListener(server, graceMs, {
    closeIdle: () => server.closeIdleConnections(),
    cutAll: () => server.closeAllConnections(),
  });
}

/**
 * Stops accepting and resolves once the last connection has closed: until
 * then `closeIdle` runs every 50 ms (keep-alive connections become idle as
 * their responses finish), and after `graceMs` `cutAll` ends the rest.
 */
function closeListener(
  server: NetServer,
  graceMs: number,
  connections: { closeIdle(): void; cutAll(): void },
): Promise<void> {
  return new Promise((resolvePromise) => {
    server.close(() => resolvePromise());
    const sweep = setInterval(connections.closeIdle, 50);
    const deadline = setTimeout(connections.cutAll, graceMs);
    server.once('close', () => {
      clearInterval(sweep);
      clearTimeout(deadline);
    });
  });
}

export function listenOn(server: NetServer, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolvePromise(server.address() as AddressInfo);
    });
  });
}

/**
 * What node:http2's secure server has of node:http's server when
 * `allowHTTP1` is on: its constructor sets these up for the HTTP/1.1
 * connections it hands to node:http, but @types/node does not declare them.
 */
interface Http1Side {
  keepAliveTimeout: number;
  requestTimeout: number;
  closeIdleConnections(): void;
}

interface Timeouts {
  readonly idleMs: number;
  readonly requestMs: number;
}

function http2Server(app: Koa<AppState>, logger: Logger, tls: ServerTls, timeouts: Timeouts): ServiceServer {
  const server = createHttp2SecureServer(
    {
      cert: tls.cert,
      key: tls.key,
      allowHTTP1: true,
      settings: { maxConcurrentStreams: MAX_CONCURRENT_STREAMS },
    },
    withFramedBodies(app.callback()),
  );
  // Node's HTTP/1.1 handling reads these from the server it is given; unset, an idle connection would stay for good.
  serveHttp1(server as Http2SecureServer & Http1Side, logger, timeouts);
  logFailedHandshakes(server, logger);

  const sockets = new Set<Socket>();
  const sessions = new Set<ServerHttp2Session>();
  let closing = false;
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('session', (session: ServerHttp2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
    // GOAWAY, not a cut: a stream still running (a long explain sends no frames) finishes first.
    session.setTimeout(timeouts.idleMs, () => session.close());
    // A handshake that completed after the stop began.
    if (closing) session.close();
  });
  server.on('stream', (stream) => {
    // HTTP/1.1's requestTimeout, per stream: the whole request must arrive in time; the answer may take longer.
    if (stream.endAfterHeaders) return;
    const timer = setTimeout(() => stream.close(http2.NGHTTP2_CANCEL), timeouts.requestMs);
    timer.unref();
    const received = () => clearTimeout(timer);
    stream.once('end', received);
    stream.once('close', received);
  });
  // A client's protocol error ends its own session (nghttp2 sends GOAWAY); nothing else is affected.
  server.on('sessionError', (error: NodeJS.ErrnoException) =>
    logger.debug({ code: error.code, reason: error.message }, 'HTTP/2 session ended by an error'),
  );

  return {
    protocols: ['h2', 'http/1.1'],
    listen: (port, host) => listenOn(server, port, host),
    close: (graceMs) => {
      closing = true;
      const closed = closeListener(server, graceMs, {
        closeIdle: () => (server as Http2SecureServer & Http1Side).closeIdleConnections(),
        cutAll: () => sockets.forEach((socket) => socket.destroy()),
      });
      for (const session of sessions) session.close();
      return closed;
    },
  };
}

/**
 * HTTP/2 delimits a body with its frames, so a client need not send
 * Content-Length (Chromium does for a form; Node's http2 client does not).
 * type-is, which koa-bodyparser asks whether a request has a body before it
 * parses a form, knows a body only by Content-Length or Transfer-Encoding
 * (jshttp/type-is#36): such a sign-in read as an empty form and was refused.
 * A request whose stream did not end with its headers does have a body,
 * framed as a chunked one is on HTTP/1.1, and is marked so.
 */
function withFramedBodies(
  handler: (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) => unknown,
): (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) => void {
  return (req, res) => {
    if (req instanceof Http2ServerRequest && !req.stream.endAfterHeaders) {
      const { headers } = req;
      if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
        headers['transfer-encoding'] = 'chunked';
      }
    }
    void handler(req, res);
  };
}

/** Failed handshakes (scanners, clients that distrust the certificate, plain HTTP on this port) are routine. */
function logFailedHandshakes(server: Server | Http2SecureServer, logger: Logger): void {
  server.on('tlsClientError', (error: NodeJS.ErrnoException) =>
    logger.debug({ code: error.code, reason: error.message }, 'TLS handshake failed'),
  );
}

/** Timeouts and the contract's answer to a request Node's HTTP/1.1 parser refused. */
function serveHttp1(
  server: EventEmitter & Pick<Server, 'keepAliveTimeout' | 'requestTimeout'>,
  logger: Logger,
  timeouts: Timeouts,
): void {
  // Closing an idle connection races a request the other side may be sending on it. With a balancer in
  // front, the balancer must be the one to close (config.ts, HTTP_KEEP_ALIVE_TIMEOUT_MS).
  server.keepAliveTimeout = timeouts.idleMs;
  // Slow clients must not hold a connection forever.
  server.requestTimeout = timeouts.requestMs;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // node:http2 also reports failed TLS handshakes here; only the HTTP/1.1 parser's errors get an answer.
    const parser = error.code?.startsWith('HPE_') === true || error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    if (!parser || !socket.writable) {
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
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
