import assert from 'node:assert/strict';
import {
  hashPassword,
  MIN_PASSWORD_LENGTH,
  passwordProblem,
  verifyNothing,
  verifyPassword,
} from '../../src/auth/passwords.js';

describe('passwords', function () {
  this.timeout(30_000);

  it('hashes with argon2id at OWASP parameters, salted, and verifies', async () => {
    const stored = await hashPassword('correct horse battery');
    assert.match(stored, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    assert.notEqual(await hashPassword('correct horse battery'), stored, 'a new salt each time');
    assert.equal(await verifyPassword(stored, 'correct horse battery'), true);
    assert.equal(await verifyPassword(stored, 'correct horse batterY'), false);
    assert.equal(await verifyPassword('not a hash', 'correct horse battery'), false);
    assert.equal(await verifyNothing('anything at all'), false);
  });

  it(`refuses passwords under ${MIN_PASSWORD_LENGTH} characters, counting characters, not UTF-16 units`, async () => {
    assert.match((await passwordProblem('short-one'))!, /at least 10 characters/);
    // Nine emoji are 18 UTF-16 units but nine characters.
    assert.match((await passwordProblem('🦊'.repeat(9)))!, /at least 10 characters/);
    assert.equal(await passwordProblem('🦊'.repeat(10)), undefined);
    assert.match((await passwordProblem('x'.repeat(257)))!, /at most 256/);
  });

  it('refuses common passwords from the maintained list, whatever their case', async () => {
    for (const common of ['password123', '1234567890', 'qwertyuiop', 'QwertyUiop', 'q1w2e3r4t5']) {
      assert.match((await passwordProblem(common)) ?? '', /most common/, common);
    }
    assert.equal(await passwordProblem('plum tractor evening 42'), undefined);
  });
});
