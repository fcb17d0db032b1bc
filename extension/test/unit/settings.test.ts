import assert from 'node:assert/strict';
import { readSettings, SETTINGS_DEFAULTS } from '../../src/settings.js';

const config = (values: Record<string, unknown>) => ({ get: (key: string) => values[key] });

describe('extension: settings', () => {
  it('uses the defaults when nothing is set', () => {
    assert.deepEqual(readSettings(config({})), { settings: SETTINGS_DEFAULTS, problems: [] });
    assert.equal(SETTINGS_DEFAULTS.serverUrl, 'http://127.0.0.1:3000');
  });

  it('reads valid values, trimming the URL’s trailing slash and repeated focus areas', () => {
    const { settings, problems } = readSettings(
      config({
        serverUrl: 'https://explain.example.com/',
        defaultMode: 'security',
        defaultAudience: 'expert',
        defaultFocus: ['security', 'testing', 'security'],
        historyPageSize: 50,
      }),
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(settings, {
      serverUrl: 'https://explain.example.com',
      defaultMode: 'security',
      defaultAudience: 'expert',
      defaultFocus: ['security', 'testing'],
      historyPageSize: 50,
    });
  });

  it('replaces each invalid value with its default and says which', () => {
    const { settings, problems } = readSettings(
      config({ serverUrl: 'ftp://x', defaultMode: 'deep', defaultFocus: ['speed'], historyPageSize: 1000 }),
    );
    assert.deepEqual(settings, SETTINGS_DEFAULTS);
    assert.equal(problems.length, 4);
    assert.match(problems[0]!, /^codeExplain\.serverUrl must be an http/);
  });
});
