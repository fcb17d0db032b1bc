import assert from 'node:assert/strict';
import { AUDIENCES, DEFAULT_AUDIENCE, DEFAULT_MODE, FOCUS_AREAS, MODES } from '../src/index.js';

describe('options', () => {
  it('defaults the mode to "standard", one of the modes', () => {
    assert.equal(DEFAULT_MODE, 'standard');
    assert.ok(MODES.includes(DEFAULT_MODE));
  });

  it('defaults the audience to "intermediate", one of the audiences', () => {
    assert.equal(DEFAULT_AUDIENCE, 'intermediate');
    assert.ok(AUDIENCES.includes(DEFAULT_AUDIENCE));
  });

  it('has no repeated values in any vocabulary', () => {
    for (const list of [MODES, AUDIENCES, FOCUS_AREAS]) {
      assert.equal(new Set(list).size, list.length, list.join(', '));
    }
  });

  it('spells every value in lower snake case', () => {
    for (const value of [...MODES, ...AUDIENCES, ...FOCUS_AREAS]) {
      assert.match(value, /^[a-z]+(_[a-z]+)*$/);
    }
  });
});
