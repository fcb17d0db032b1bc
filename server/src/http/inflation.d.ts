// inflation ships no typings; this declares the one function it exports (see its index.js).
declare module 'inflation' {
  import type { IncomingMessage } from 'node:http';
  import type { Readable } from 'node:stream';

  /** The request's body stream, decoded by its Content-Encoding (gzip, deflate, br, identity); 415 otherwise. */
  function inflate(stream: IncomingMessage, options?: { brotli?: object }): Readable;
  export default inflate;
}
