/**
 * The API key lives in VS Code's SecretStorage (the OS keychain on desktop),
 * never in settings or logs. A context key tells menus and welcome views
 * whether one is set.
 */
import * as vscode from 'vscode';

const SECRET_NAME = 'codeExplain.apiKey';
export const HAS_KEY_CONTEXT = 'codeExplain.hasApiKey';

export class ApiKeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    // Another window may set or clear the key too.
    this.subscription = secrets.onDidChange((e) => {
      if (e.key === SECRET_NAME) void this.publish();
    });
  }

  async get(): Promise<string | undefined> {
    const key = await this.secrets.get(SECRET_NAME);
    return key?.trim() ? key.trim() : undefined;
  }

  async set(key: string): Promise<void> {
    await this.secrets.store(SECRET_NAME, key.trim());
    await this.publish();
  }

  async clear(): Promise<void> {
    await this.secrets.delete(SECRET_NAME);
    await this.publish();
  }

  /** Updates the context key and tells listeners. */
  async publish(): Promise<void> {
    await vscode.commands.executeCommand('setContext', HAS_KEY_CONTEXT, (await this.get()) !== undefined);
    this.changed.fire();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
