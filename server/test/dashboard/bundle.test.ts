/**
 * The dashboard's page scripts, bundled with esbuild from client/: one file
 * per entry, named by its content's hash (the same sources, the same names),
 * written and read back the way the compiled service finds them; and the
 * chart script's data handling, which needs no browser.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildClientBundle,
  CLIENT_ENTRIES,
  loadClientBundle,
  readClientBundle,
  writeClientBundle,
} from '../../src/dashboard/bundle.js';
import { isChartData, seriesOf, type ChartBucket } from '../../src/dashboard/client/chart-data.js';

describe('dashboard: client bundle', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'client-bundle-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('bundles each page script into one minified file named by its content’s hash', () => {
    const bundle = buildClientBundle();
    assert.deepEqual(Object.keys(bundle.names).sort(), [...CLIENT_ENTRIES].sort());
    for (const entry of CLIENT_ENTRIES) {
      assert.match(bundle.names[entry], new RegExp(`^${entry}-[A-Z0-9]{8}\\.js$`));
      const text = bundle.files.get(bundle.names[entry])!;
      assert.match(text, /^"use strict";\(\(\)=>\{/, 'an IIFE: nothing leaks into the page’s globals');
      assert.ok(!/^import |^export /m.test(text), 'no module syntax left');
    }
    assert.equal(bundle.files.size, CLIENT_ENTRIES.length);
    const charts = bundle.files.get(bundle.names['usage-charts'])!;
    assert.ok(charts.includes('u-legend'), 'uPlot is bundled in');
    assert.ok(charts.includes('MIT License'), 'with its notice');
    assert.deepEqual(buildClientBundle().names, bundle.names, 'the same sources, the same names');
    // Run from the sources (this test), the service bundles at start.
    assert.deepEqual(loadClientBundle().names, bundle.names);
  });

  it('writes the bundle with a manifest and reads it back, as the compiled service does', () => {
    const bundle = buildClientBundle();
    writeClientBundle(bundle, dir);
    const read = readClientBundle(dir);
    assert.deepEqual(read.names, bundle.names);
    assert.deepEqual([...read.files], [...bundle.files]);
  });

  it('says how to build the bundle when it is missing', () => {
    assert.throws(() => readClientBundle(join(dir, 'nothing-here')), /pnpm build:client/);
  });
});

describe('dashboard: the usage charts’ data', () => {
  const buckets: ChartBucket[] = [
    { start: '2026-11-26T10:00:00.000Z', outcomes: { '2xx': 3, '4xx': 1, '429': 0, '5xx': 0 } },
    { start: '2026-11-26T11:00:00.000Z', outcomes: { '2xx': 0, '4xx': 0, '429': 2 } },
  ];

  it('turns the page’s buckets into uPlot’s aligned series: seconds, then a row per outcome', () => {
    assert.deepEqual(seriesOf(['2xx', '429', '5xx'], buckets), [
      [Date.parse(buckets[0]!.start) / 1000, Date.parse(buckets[1]!.start) / 1000],
      [3, 0],
      [0, 2],
      [0, 0],
    ]);
  });

  it('draws nothing from data of another shape', () => {
    assert.ok(isChartData({ outcomes: ['2xx'], charts: [{ target: 'chart-hours', buckets }] }));
    for (const bad of [
      null,
      'x',
      {},
      { outcomes: [1], charts: [] },
      { outcomes: [], charts: [{ buckets: [] }] },
    ])
      assert.equal(isChartData(bad), false, JSON.stringify(bad));
  });
});
