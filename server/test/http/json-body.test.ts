/**
 * The count that refuses a body before it is parsed (json-body.ts): values
 * outside strings, strings skipped whatever they hold, stopping early.
 */
import assert from 'node:assert/strict';
import { holdsMoreValues } from '../../src/http/json-body.js';

describe('holdsMoreValues', () => {
  it('counts separators and opening brackets outside strings, up to the limit', () => {
    assert.equal(holdsMoreValues('{"a":1,"b":[1,2]}', 4), false);
    assert.equal(holdsMoreValues('{"a":1,"b":[1,2]}', 3), true);
    assert.equal(holdsMoreValues('[]', 1), false);
    assert.equal(holdsMoreValues('[[]]', 1), true);
  });

  it('skips strings, however many brackets, commas and escaped quotes they hold', () => {
    const code = JSON.stringify({ code: '[{"a": [1, 2], "b": "c\\"}], '.repeat(1000) });
    assert.equal(holdsMoreValues(code, 1), false);
    // A string ending in an escaped backslash ends at the quote after it.
    assert.equal(holdsMoreValues('["a\\\\",1,2]', 2), true);
    assert.equal(holdsMoreValues('["a\\\\",1,2]', 3), false);
    // An escaped quote does not end it.
    assert.equal(holdsMoreValues('["a\\",1,2"]', 1), false);
  });

  it('stops at the limit: half a million items cost a few thousand characters', () => {
    const text = `[${'0,'.repeat(500_000)}0]`;
    assert.equal(holdsMoreValues(text, 1000), true);
  });

  it('leaves malformed text to the parser', () => {
    assert.equal(holdsMoreValues('{"unterminated, [, [, [', 1), false);
    assert.equal(holdsMoreValues('', 0), false);
  });
});
