/**
 * An HTTP/2 client for tests: Node's http2 client trusting one certificate,
 * and one request on an open connection with its answer.
 */
import {
  connect as connectHttp2,
  type ClientHttp2Session,
  type ClientHttp2Stream,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http2';

export interface H2Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** One request on an open HTTP/2 session; `body` is sent and the stream ended unless `hold` keeps it open. */
export function h2Request(
  session: ClientHttp2Session,
  headers: OutgoingHttpHeaders,
  body?: string | Buffer,
  options: { hold?: boolean } = {},
): { stream: ClientHttp2Stream; answer: Promise<H2Answer> } {
  const stream = session.request(headers, { endStream: body === undefined && options.hold !== true });
  const answer = new Promise<H2Answer>((resolve, reject) => {
    let head: IncomingHttpHeaders = {};
    let text = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => (head = h));
    stream.on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => resolve({ status: Number(head[':status']), headers: head, body: text }));
    stream.on('error', reject);
  });
  if (body !== undefined) {
    if (options.hold === true) stream.write(body);
    else stream.end(body);
  }
  return { stream, answer };
}

export function h2Connect(url: string, ca: string): Promise<ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = connectHttp2(url, { ca });
    session.once('connect', () => {
      session.off('error', reject);
      resolve(session);
    });
    session.once('error', reject);
  });
}
