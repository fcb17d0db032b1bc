/**
 * docs/operations.md's backup of the embedded store, done as written: while
 * the service runs and keeps saving, `sqlite3 … ".backup …"` and `VACUUM INTO`
 * copy code-explain.sqlite (write-ahead log and all) into one file each, which
 * passes `PRAGMA integrity_check`; a service started on a folder holding only
 * a copy, under the store's file name, serves every explanation saved before
 * the copy, with the key that existed then.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { access, mkdir, mkdtemp, rm, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { explainResponseSchema } from '@code-explain/shared';
import { DATABASE_FILE } from '../../src/store/embedded.js';
import { admin, cleanEnv, REPO_ROOT, TSX_NODE_ARGS } from '../http/support/processes.js';
import { ServiceProcess } from './support/process.js';

const SQLITE3 = '/usr/bin/sqlite3';
const sqlite3 = (...args: string[]) => promisify(execFile)(SQLITE3, args);

function startService(dataDir: string): ServiceProcess {
  return new ServiceProcess(process.execPath, [...TSX_NODE_ARGS, 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: cleanEnv({ PORT: '0', DATA_DIR: dataDir, ENGINE_WORKERS: '1', LOG_LEVEL: 'info' }),
  });
}

async function explain(url: string, key: string, i: number): Promise<string> {
  const response = await fetch(`${url}/api/explain`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
    body: JSON.stringify({ code: `def f${i}(a):\n    return a + ${i}\n`, language: 'python' }),
  });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  return explainResponseSchema.parse(JSON.parse(text)).id!;
}

describe('backing up the embedded store while the service runs', function () {
  this.timeout(300_000);
  let dir: string;
  const services: ServiceProcess[] = [];

  before(async () => {
    await access(SQLITE3).catch(() => {
      throw new Error(
        `${SQLITE3} is missing: run the tests through test/services/with-services.ts, which installs it`,
      );
    });
    dir = await mkdtemp(join(tmpdir(), 'cex-backup-'));
  });

  after(async () => {
    for (const service of services) service.kill();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('sqlite3 .backup and VACUUM INTO make copies a new service serves everything saved before from', async () => {
    const live = join(dir, 'live');
    await mkdir(live);
    const env = cleanEnv({ DATA_DIR: live });
    assert.equal(
      (await admin(['accounts:create', '--email', 'b@example.test', '--plan', 'enterprise'], env)).code,
      0,
    );
    const created = await admin(['keys:create', '--email', 'b@example.test', '--name', 'backup'], env);
    assert.equal(created.code, 0, created.stderr);
    const { key } = JSON.parse(created.stdout) as { key: string };

    const service = startService(live);
    services.push(service);
    const url = `http://127.0.0.1:${await service.port()}`;
    const saved: string[] = [];
    for (let i = 0; i < 20; i++) saved.push(await explain(url, key, i));

    // Copies taken while more saves are in flight, as a scheduled backup would be.
    const more = Promise.all(Array.from({ length: 10 }, (_, i) => explain(url, key, 100 + i)));
    const database = join(live, DATABASE_FILE);
    const backup = join(dir, 'backup.sqlite');
    const vacuumed = join(dir, 'vacuumed.sqlite');
    await sqlite3(database, `.backup '${backup}'`);
    await sqlite3(database, `VACUUM INTO '${vacuumed}'`);
    const later = await more;
    service.signal('SIGTERM');
    assert.equal(await service.exited, 0);

    for (const copy of [backup, vacuumed]) {
      assert.equal((await sqlite3(copy, 'PRAGMA integrity_check')).stdout.trim(), 'ok');
      // One self-contained file: no -wal or -shm beside it is needed.
      const restored = join(dir, `restored-${copy === backup ? 'backup' : 'vacuum'}`);
      await mkdir(restored);
      await copyFile(copy, join(restored, DATABASE_FILE));
      const again = startService(restored);
      services.push(again);
      const restoredUrl = `http://127.0.0.1:${await again.port()}`;
      for (const id of saved) {
        const response = await fetch(`${restoredUrl}/api/explanations/${id}`, {
          headers: { 'X-API-Key': key },
        });
        assert.equal(response.status, 200, `${id} is in the copy`);
      }
      // Saves that raced the copy are in it or not, whole either way.
      const list = await fetch(`${restoredUrl}/api/explanations?limit=100`, {
        headers: { 'X-API-Key': key },
      });
      const { total } = (await list.json()) as { total: number };
      assert.ok(total >= saved.length && total <= saved.length + later.length, `total ${total}`);
      again.signal('SIGTERM');
      assert.equal(await again.exited, 0);
    }
  });
});
