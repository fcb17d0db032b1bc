import assert from 'node:assert/strict';
import { SignalGate } from '../src/signals.js';

/** Beats every `step` ms from `from` up to (not including) `to`. */
function beatBetween(gate: SignalGate, from: number, to: number, step = 100): void {
  for (let t = from; t < to; t += step) gate.beat(t);
}

describe('SignalGate', () => {
  it('calls the first signal first', () => {
    const gate = new SignalGate(1000);
    assert.equal(gate.received, false);
    assert.equal(gate.receive(5000), 'first');
    assert.equal(gate.received, true);
  });

  it('calls the same signal delivered twice at once a repeat', () => {
    const gate = new SignalGate(1000);
    gate.receive(0);
    assert.equal(gate.receive(30), 'repeat');
    gate.beat(100);
    assert.equal(gate.receive(120), 'repeat');
  });

  it('calls a signal a second or more after the first, with the loop free, separate', () => {
    const gate = new SignalGate(1000);
    gate.receive(0);
    beatBetween(gate, 100, 900);
    assert.equal(gate.receive(950), 'repeat');
    beatBetween(gate, 900, 1300);
    assert.equal(gate.receive(1350), 'separate');
  });

  it('calls a repeat handled late, because the loop was blocked, a repeat still', () => {
    const gate = new SignalGate(1000);
    gate.receive(0);
    gate.beat(100);
    // A synchronous explain blocks the loop from 150 to 2150 ms; the repeat
    // that arrived at 160 ms is handled after the beat that follows the block.
    gate.beat(2150);
    assert.equal(gate.receive(2151), 'repeat');
    // Once the loop has turned freely past the second, a new signal is separate.
    beatBetween(gate, 2250, 2450);
    assert.equal(gate.receive(2460), 'separate');
  });
});
