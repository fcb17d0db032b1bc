import assert from 'node:assert/strict';
import { excludeMatcher } from '../../src/cli/files.js';
import { parseSize } from '../../src/cli/program.js';

describe('code-explain option values', () => {
  it('--max-file-size reads binary units, and bytes', () => {
    assert.equal(parseSize('2MB'), 2 * 1024 * 1024);
    assert.equal(parseSize('500kB'), 500 * 1024);
    assert.equal(parseSize('1.5m'), 1.5 * 1024 * 1024);
    assert.equal(parseSize('1048576'), 1048576);
    assert.throws(() => parseSize('big'), /expected a size such as 2MB/);
    assert.throws(() => parseSize('2 parsecs'), /expected a size/);
  });

  it('--exclude: a glob with a slash matches the path or a folder of it; one without, any name in it', () => {
    const excluded = excludeMatcher(['vendor/**', './src/gen/', '*.min.js', 'fixtures']);
    for (const path of [
      'vendor/a/b.go',
      'src/gen/x.ts',
      'lib/app.min.js',
      'test/fixtures/a.py',
      'fixtures/b.py',
    ]) {
      assert.ok(excluded(path), path);
    }
    for (const path of ['src/vendor.go', 'src/generated/x.ts', 'lib/app.js', 'test/fixture.py']) {
      assert.ok(!excluded(path), path);
    }
    assert.ok(!excludeMatcher([])('anything.js'));
  });
});
