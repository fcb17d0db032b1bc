/**
 * Entry point. Everything is built here from the ExtensionContext and tracked
 * in context.subscriptions, so nothing outlives deactivation and there is no
 * module-level state.
 */
import * as vscode from 'vscode';
import { ApiClient } from './api/client.js';
import { SETTINGS_SECTION } from './settings.js';
import { ApiKeyStore } from './vscode/api-key.js';
import { Commands } from './vscode/commands.js';
import { HistoryProvider } from './vscode/history.js';
import { ExplanationPanel } from './vscode/panel.js';
import { currentSettings } from './vscode/settings.js';
import { QuotaStatusItem } from './vscode/status-bar.js';

export function activate(context: vscode.ExtensionContext): void {
  const output = vscode.window.createOutputChannel('Code Explain', { log: true });
  const keys = new ApiKeyStore(context.secrets);
  const quota = new QuotaStatusItem();

  const settings = () => currentSettings((problems) => problems.forEach((p) => output.warn(p)));
  // A client per use, so a changed server URL applies to the next request.
  const client = () =>
    new ApiClient({
      serverUrl: settings().serverUrl,
      apiKey: () => keys.get(),
      onRateLimit: (info) => quota.update(info),
    });

  const history = new HistoryProvider({ client, pageSize: () => settings().historyPageSize });
  const treeView = vscode.window.createTreeView('codeExplain.history', {
    treeDataProvider: history,
    showCollapseAll: false,
  });
  history.view = treeView;

  // The panel's Re-run goes through the same path as the commands (called only after both exist).
  const panel: ExplanationPanel = new ExplanationPanel(context.extensionUri, {
    rerun: (shown, mode, audience): Promise<void> => commands.rerun(shown, mode, audience),
  });
  const commands = new Commands({ client, settings, keys, panel, history });

  context.subscriptions.push(
    output,
    keys,
    quota,
    history,
    treeView,
    panel,
    ...commands.register(),
    keys.onDidChange(() => history.refresh()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(SETTINGS_SECTION)) history.refresh();
    }),
  );
  void keys.publish();
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
