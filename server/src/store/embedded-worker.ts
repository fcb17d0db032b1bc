/**
 * The embedded store's own thread: it opens the database and answers the
 * service's calls (thread-protocol.ts) one message at a time, so SQLite's
 * synchronous work, and the fsync of each batch of saves, happen here and
 * not on the event loop that serves requests.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createEmbeddedStore, type EncodedSave, type LocalEmbeddedStore } from './embedded.js';
import {
  CLAIM,
  storeCallSchema,
  storeThreadDataSchema,
  toWire,
  type StoreCall,
  type StoreThreadMessage,
} from './thread-protocol.js';
import { StoreUnavailableError } from './types.js';

if (!parentPort) throw new Error('embedded-worker.ts runs only as a worker thread (embedded-thread.ts)');
const port = parentPort;

const post = (message: StoreThreadMessage) => port.postMessage(message);

/**
 * The call's arguments are the Store method's own, sent by embedded-thread.ts
 * from its typed signature. Async, so anything thrown is that call's failure,
 * never the thread's.
 */
async function run(store: LocalEmbeddedStore, call: StoreCall): Promise<unknown> {
  // The arguments were typed by the caller's signature on the other thread; here they are passed on as they came.
  const args = call.args as never[];
  if (call.op === 'saveEncoded') {
    const claim = call.claim;
    if (!claim) throw new Error('saveEncoded without its claim');
    const [accountId, save] = call.args as [string, EncodedSave];
    return store.saveEncoded(
      accountId,
      save,
      () => Atomics.compareExchange(claim, 0, CLAIM.PENDING, CLAIM.CLAIMED) === CLAIM.PENDING,
    );
  }
  const method = store[call.op] as (...values: never[]) => Promise<unknown>;
  return method.apply(store, args);
}

async function main(): Promise<void> {
  const { dataDir } = storeThreadDataSchema.parse(workerData);
  let store: LocalEmbeddedStore;
  try {
    store = await createEmbeddedStore({ dataDir });
  } catch (error) {
    post({ type: 'failed', error: toWire(error) });
    port.close();
    return;
  }
  let closing = false;
  /** Calls whose replies are not sent yet. */
  const replying = new Set<Promise<void>>();
  port.on('message', (message: unknown) => {
    if (message === 'close') {
      closing = true;
      // Saves already queued are written first (EmbeddedStore.close), and every call's reply is sent before the
      // thread ends (its exit is what the serving thread waits for).
      void store
        .close()
        .then(() => Promise.allSettled(replying))
        .finally(() => port.close());
      return;
    }
    const parsed = storeCallSchema.safeParse(message);
    if (!parsed.success) return; // Not from embedded-thread.ts: nobody waits for an answer to it.
    const call = parsed.data;
    const running = closing
      ? Promise.reject(new StoreUnavailableError('the embedded store is closed'))
      : run(store, call);
    const reply = running.then(
      (value) => post({ type: 'result', seq: call.seq, value }),
      (error: unknown) => post({ type: 'error', seq: call.seq, error: toWire(error) }),
    );
    replying.add(reply);
    void reply.finally(() => replying.delete(reply));
  });
  post({ type: 'ready' });
}

void main();
