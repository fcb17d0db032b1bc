import assert from 'node:assert/strict';
import { firstCodeLine, relativeTime } from '../../src/time.js';
import { hostMessageSchema, viewMessageSchema } from '../../src/webview/messages.js';

describe('extension: view messages', () => {
  it('accepts the messages the view sends', () => {
    for (const message of [
      { type: 'reveal', line: 3 },
      { type: 'reveal', line: 3, endLine: 9 },
      { type: 'rerun', mode: 'security', audience: 'expert' },
      { type: 'copyMarkdown' },
      { type: 'openJson' },
    ]) {
      assert.deepEqual(viewMessageSchema.parse(message), message);
    }
  });

  it('rejects anything else', () => {
    for (const message of [
      null,
      'reveal',
      { type: 'reveal', line: 0 },
      { type: 'reveal', line: 1.5 },
      { type: 'rerun', mode: 'deep', audience: 'expert' },
      { type: 'openJson', path: '/etc/passwd' },
      { type: 'runCommand', command: 'workbench.action.terminal.new' },
    ]) {
      assert.equal(viewMessageSchema.safeParse(message).success, false, JSON.stringify(message));
    }
    assert.equal(hostMessageSchema.safeParse({ type: 'busy', busy: 'yes', text: '' }).success, false);
  });
});

describe('extension: history labels', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  it('says how long ago', () => {
    assert.equal(relativeTime('2025-06-01T11:59:30Z', now), 'just now');
    assert.equal(relativeTime('2025-06-01T11:57:00Z', now), '3 minutes ago');
    assert.equal(relativeTime('2025-05-31T12:00:00Z', now), 'yesterday');
    assert.equal(relativeTime('2025-05-01T12:00:00Z', now), 'last month');
  });

  it('labels an item with its first non-empty line, shortened', () => {
    assert.equal(firstCodeLine('\n\n  function f(a) {\n}'), 'function f(a) {');
    assert.equal(firstCodeLine(`const x = ${'1'.repeat(100)};`, 20), 'const x = 111111111…');
    assert.equal(firstCodeLine('   \n'), '(empty)');
  });
});
