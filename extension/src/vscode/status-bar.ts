/** The remaining quota from the last response's X-RateLimit headers, in the status bar. */
import * as vscode from 'vscode';
import type { RateLimitInfo } from '../api/rate-limit.js';

export class QuotaStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(
    'codeExplain.quota',
    vscode.StatusBarAlignment.Right,
    100,
  );
  private resetTimer: NodeJS.Timeout | undefined;

  constructor() {
    this.item.name = 'Code Explain quota';
  }

  update(info: RateLimitInfo): void {
    const resetAt = new Date(info.resetAt).toLocaleTimeString('en-GB', { hour12: false });
    this.item.text = `$(pulse) ${info.remaining}/${info.limit}`;
    this.item.tooltip = `Code Explain: ${info.remaining} of ${info.limit} requests left this minute (resets at ${resetAt})`;
    this.item.accessibilityInformation = {
      label: `Code Explain: ${info.remaining} of ${info.limit} requests left`,
    };
    this.item.backgroundColor =
      info.remaining === 0 ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
    clearTimeout(this.resetTimer);
    // After the window resets the full quota is back; say so without waiting for another request.
    const wait = info.resetAt - Date.now();
    if (wait > 0 && info.remaining < info.limit) {
      this.resetTimer = setTimeout(
        () => this.update({ ...info, remaining: info.limit, resetAt: info.resetAt + 60_000 }),
        wait,
      );
    }
  }

  dispose(): void {
    clearTimeout(this.resetTimer);
    this.item.dispose();
  }
}
