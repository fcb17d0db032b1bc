// The service as a process, told to stop while its MongoDB-wire server has
// frozen (SIGSTOP: connections open, nothing answers). A stop must finish in a
// bounded time whatever the database does: an orchestrator's rolling restart
// waits for it, and a process that never exits holds its port and its
// instance's slot until something kills it, losing its last log lines with it.
// The database here is a FerretDB process this suite owns (not the shared one).
import assert from 'node:assert/strict';
import { createAccountService } from '../../server/src/service/accounts.js';
import { createMongoStore } from '../../server/src/store/mongo.js';
import { startOwnFerretDb, type OwnFerretDb } from '../services/own-ferretdb.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';

/** What the test gives the service to close what it opened, far below the harness's SIGKILL at 20 s. */
const CLOSE_MS = 2000;

describe('the service stops in bounded time while its database is frozen (own FerretDB)', function () {
  this.timeout(120_000);
  let ferret: OwnFerretDb | undefined;
  let service: ServiceProcess | undefined;

  afterEach(async () => {
    await service?.stop();
    await ferret?.dispose();
  });

  it('exits by itself after SIGTERM, saying what it stopped waiting for', async () => {
    ferret = await startOwnFerretDb();
    const store = await createMongoStore({ uri: ferret.uri, dbName: 'shutdown' });
    const accounts = createAccountService({ store });
    await accounts.createAccount('stop@example.test', 'enterprise');
    const { key } = await accounts.createKey('stop@example.test', 'stop');
    await store.close();
    service = await startServiceProcess({
      MONGODB_URI: `${ferret.uri}shutdown`,
      SHUTDOWN_CLOSE_MS: String(CLOSE_MS),
      LOG_LEVEL: 'info',
    });
    const explain = (n: number) =>
      fetch(`${service!.url}/api/explain`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ code: `x = ${n}\n`, language: 'python' }),
      });
    // Saved: the key is now in the authenticator's cache, so the next explain reaches its save.
    assert.equal((await explain(1)).status, 200);

    ferret.freeze();
    // Its save outlives the store's time limit: the answer is a 503 and the save's writes stay in
    // flight, to be undone, when the stop begins.
    assert.equal((await explain(2)).status, 503);
    const code = await service.stop();
    // null: the harness had to kill it (SIGKILL after 20 s), which is the hang this test is about.
    assert.notEqual(
      code,
      null,
      `the service did not exit by itself:\n${JSON.stringify(service.lines.slice(-5))}`,
    );
    const gaveUp = service.lines.find((line) => line.msg?.startsWith('stopping without waiting'));
    assert.ok(gaveUp, `no line says what the stop gave up on:\n${JSON.stringify(service.lines.slice(-5))}`);
    // The store's close waits on the frozen server (the save's writes, then its undo). The usage
    // counts' last flush gave up within its half of the time (logged as lost), and the rest closed.
    assert.deepEqual(gaveUp['unfinished'], ['store']);
    assert.ok(service.lines.some((line) => line.level === 'error' && line.msg?.includes('usage')));
    assert.equal(service.lines.at(-1)?.msg, 'stopped');
  });
});
