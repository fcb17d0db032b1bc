// Runs inside VS Code's extension host (CommonJS, as the host loads it): mocha
// over the in-editor tests next to this file.
'use strict';
const path = require('node:path');
const Mocha = require('mocha');

exports.run = async function run() {
  const mocha = new Mocha({ ui: 'bdd', timeout: 30000, color: true });
  mocha.addFile(path.join(__dirname, 'extension.test.cjs'));
  await new Promise((resolve, reject) =>
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} tests failed`)) : resolve())),
  );
};
