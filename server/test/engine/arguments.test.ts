/** Reading a call's arguments from a unit's text, for the APIs whose meaning depends on them. */
import assert from 'node:assert/strict';
import { callArguments } from '../../src/engine/purpose/arguments.js';

describe('engine: a call’s arguments read from its text', () => {
  const read = (text: string, line: number, callee: string, firstLine = 1) =>
    callArguments(text, firstLine, line, callee);

  it('splits at top-level commas only, skipping string literals and nested brackets', () => {
    assert.deepEqual(read('x = open(join(a, b), "w,(")\n', 1, 'open'), ['join(a, b)', '"w,("']);
    assert.deepEqual(read("f(a, [1, 2], {'k': (3, 4)}, 'it\\'s, fine')", 1, 'f'), [
      'a',
      '[1, 2]',
      "{'k': (3, 4)}",
      "'it\\'s, fine'",
    ]);
    assert.deepEqual(read('f()', 1, 'f'), []);
    assert.deepEqual(read('f( a )', 1, 'f'), ['a']);
  });

  it('finds the call on its line, counted from the text’s first line, and reads on across lines', () => {
    const text = 'def g():\n    open(\n        path,\n        mode="a",\n    )\n';
    assert.deepEqual(read(text, 11, 'open', 10), ['path', 'mode="a"', '']);
    assert.deepEqual(read(text, 12, 'open', 11), ['path', 'mode="a"', '']);
    assert.equal(read(text, 13, 'open', 11), undefined, 'no call to open on that line');
  });

  it('never takes a longer name for the callee', () => {
    assert.equal(read('reopen(a)', 1, 'open'), undefined);
    assert.equal(read('io.open(a)', 1, 'open'), undefined);
    assert.deepEqual(read('reopen(a); open(b, "r")', 1, 'open'), ['b', '"r"']);
    assert.deepEqual(read('client.Do (req)', 1, 'client.Do'), ['req']);
  });

  it('gives up rather than guess', () => {
    assert.equal(read('open(a, ', 1, 'open'), undefined, 'no closing parenthesis');
    assert.equal(read('open(a]', 1, 'open'), undefined, 'unbalanced');
    assert.equal(read(`open(${'a'.repeat(3000)})`, 1, 'open'), undefined, 'too long to read');
    assert.equal(read('open(a)', 5, 'open'), undefined, 'past the text');
  });
});
