/**
 * A TCP proxy in front of a real MongoDB-wire server that holds back the
 * commands a test picks, as a database that froze at exactly that moment
 * would: nothing after a held command on its connection passes either, until
 * the test releases them. Only uncompressed OP_MSG is read (the driver's
 * default); everything else passes untouched.
 */
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import mongoose from 'mongoose';

const OP_MSG = 2013;

export type CommandDoc = Record<string, unknown>;

export interface HoldingProxy {
  /** A URI to the proxy, with the upstream's path and query. */
  readonly uri: string;
  /** Holds every command for which `matches` is true (and what follows it on its connection). */
  hold(matches: (command: CommandDoc) => boolean): void;
  /** How many commands are held now. */
  readonly held: number;
  /** Stops holding and sends on what was held, in order. */
  release(): void;
  close(): Promise<void>;
}

/** The command document of an OP_MSG (its kind-0 section), or undefined. */
function commandOf(message: Buffer): CommandDoc | undefined {
  if (message.readInt32LE(12) !== OP_MSG || message[20] !== 0) return undefined;
  return mongoose.mongo.BSON.deserialize(message.subarray(21)) as CommandDoc;
}

export async function startHoldingProxy(upstreamUri: string): Promise<HoldingProxy> {
  const url = new URL(upstreamUri);
  const upstream = { host: url.hostname, port: Number(url.port || 27017) };
  let matches: ((command: CommandDoc) => boolean) | undefined;
  const queues = new Set<{ pending: Buffer[]; flush: () => void }>();
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    const onward = connect(upstream);
    sockets.add(client).add(onward);
    for (const s of [client, onward]) s.on('close', () => sockets.delete(s)).on('error', () => undefined);
    client.on('close', () => onward.destroy());
    onward.on('close', () => client.destroy());
    onward.pipe(client);

    let buffered = Buffer.alloc(0);
    const queue = {
      pending: [] as Buffer[],
      flush() {
        while (queue.pending.length > 0) onward.write(queue.pending.shift()!);
      },
    };
    queues.add(queue);
    client.on('close', () => queues.delete(queue));
    client.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 4 && buffered.length >= buffered.readInt32LE(0)) {
        const length = buffered.readInt32LE(0);
        const message = buffered.subarray(0, length);
        buffered = buffered.subarray(length);
        const command = matches ? commandOf(message) : undefined;
        if (queue.pending.length > 0 || (command && matches?.(command))) queue.pending.push(message);
        else onward.write(message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const proxied = new URL(upstreamUri);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);

  return {
    uri: proxied.toString(),
    hold(predicate) {
      matches = predicate;
    },
    get held() {
      let n = 0;
      for (const q of queues) n += q.pending.length;
      return n;
    },
    release() {
      matches = undefined;
      for (const q of queues) q.flush();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
