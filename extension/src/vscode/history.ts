/**
 * The History tree: the account's saved explanations, newest first, a page at
 * a time, optionally filtered by language and mode. When it cannot list
 * anything it says why: no key (a welcome view with Set API Key), no server
 * (a message naming the URL) or an error, with the actions that help as rows
 * (VS Code hides a view's welcome content while the view shows a message).
 */
import { languageInfo, type ExplanationSummary, type LanguageId, type Mode } from '@code-explain/shared';
import * as vscode from 'vscode';
import type { ApiClient } from '../api/client.js';
import { MissingApiKeyError, NetworkError, UnauthorizedError } from '../api/errors.js';
import { firstCodeLine, relativeTime } from '../time.js';

export type HistoryNode =
  | { readonly kind: 'explanation'; readonly item: ExplanationSummary }
  | { readonly kind: 'loadMore'; readonly nextPage: number }
  | {
      readonly kind: 'action';
      readonly label: string;
      readonly icon: string;
      readonly command: vscode.Command;
    };

export interface HistoryFilter {
  readonly language?: LanguageId | undefined;
  readonly mode?: Mode | undefined;
}

type HistoryState = 'noKey' | 'unreachable' | 'empty' | 'error' | 'loaded';

/** Drives viewsWelcome through the HistoryState values. */
export const HISTORY_STATE_CONTEXT = 'codeExplain.historyState';
export const HISTORY_FILTERED_CONTEXT = 'codeExplain.historyFiltered';

export interface HistoryDeps {
  client(): ApiClient;
  pageSize(): number;
}

export class HistoryProvider implements vscode.TreeDataProvider<HistoryNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<HistoryNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  private items: ExplanationSummary[] = [];
  private nextPage: number | undefined;
  private loaded = false;
  /** What the last load found; kept so a repeated getChildren shows the same thing. */
  private state: HistoryState = 'loaded';
  private filterState: HistoryFilter = {};
  /** Rows offered when the list could not be loaded (Retry, Open Settings, Set API Key). */
  private actions: HistoryNode[] = [];
  view: vscode.TreeView<HistoryNode> | undefined;

  constructor(private readonly deps: HistoryDeps) {}

  get filter(): HistoryFilter {
    return this.filterState;
  }

  refresh(): void {
    this.loaded = false;
    this.changed.fire(undefined);
  }

  async setFilter(filter: HistoryFilter): Promise<void> {
    this.filterState = filter;
    const parts = [filter.language && languageInfo(filter.language).name, filter.mode].filter(Boolean);
    if (this.view) this.view.description = parts.length > 0 ? `filtered: ${parts.join(', ')}` : undefined;
    await vscode.commands.executeCommand('setContext', HISTORY_FILTERED_CONTEXT, parts.length > 0);
    this.refresh();
  }

  async loadMore(): Promise<void> {
    if (this.nextPage === undefined) return;
    await this.load(this.nextPage);
    this.changed.fire(undefined);
  }

  /** Drops a deleted item without reloading every page. */
  remove(id: string): void {
    this.items = this.items.filter((i) => i.id !== id);
    if (this.items.length === 0) void this.setState('empty');
    this.changed.fire(undefined);
  }

  getTreeItem(node: HistoryNode): vscode.TreeItem {
    if (node.kind === 'action') {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
      item.contextValue = 'action';
      item.iconPath = new vscode.ThemeIcon(node.icon);
      item.command = node.command;
      return item;
    }
    if (node.kind === 'loadMore') {
      const item = new vscode.TreeItem('Load more…', vscode.TreeItemCollapsibleState.None);
      item.contextValue = 'loadMore';
      item.iconPath = new vscode.ThemeIcon('ellipsis');
      item.command = { command: 'codeExplain.history.loadMore', title: 'Load more' };
      return item;
    }
    const e = node.item;
    const item = new vscode.TreeItem(firstCodeLine(e.codePreview), vscode.TreeItemCollapsibleState.None);
    item.id = e.id;
    item.description = `${e.mode} · ${relativeTime(e.createdAt)}`;
    // A file name with the language's extension lets the file icon theme draw the language icon.
    const extension = languageInfo(e.language).extensions[0] ?? '';
    item.resourceUri = vscode.Uri.from({ scheme: 'code-explain-history', path: `/${e.id}${extension}` });
    item.iconPath = vscode.ThemeIcon.File;
    const tooltip = new vscode.MarkdownString();
    tooltip.appendText(
      `${languageInfo(e.language).name} · ${e.mode} · ${e.audience}${e.focus.length ? ` · ${e.focus.join(', ')}` : ''}\n`,
    );
    tooltip.appendText(`${new Date(e.createdAt).toLocaleString('en-GB', { hour12: false })}\n`);
    tooltip.appendCodeblock(e.codePreview, e.language);
    const more = e.codeLines - e.codePreview.split('\n').length;
    if (more > 0) tooltip.appendText(`… ${more} more line${more === 1 ? '' : 's'}\n`);
    item.tooltip = tooltip;
    item.accessibilityInformation = {
      label: `${firstCodeLine(e.codePreview)}, ${languageInfo(e.language).name}, ${e.mode}, ${relativeTime(e.createdAt)}`,
    };
    item.contextValue = 'explanation';
    item.command = { command: 'codeExplain.history.open', title: 'Open', arguments: [node] };
    return item;
  }

  async getChildren(parent?: HistoryNode): Promise<HistoryNode[]> {
    if (parent) return [];
    if (!this.loaded) {
      this.items = [];
      this.nextPage = undefined;
      const ok = await this.load(1);
      this.loaded = true;
      if (ok) await this.setState(this.items.length === 0 ? 'empty' : 'loaded');
    }
    if (this.state !== 'loaded' && this.state !== 'empty') return this.actions;
    const nodes: HistoryNode[] = this.items.map((item) => ({ kind: 'explanation', item }));
    if (this.nextPage !== undefined) nodes.push({ kind: 'loadMore', nextPage: this.nextPage });
    return nodes;
  }

  /** Loads one page into the list; false (with the view saying why) when it could not. */
  private async load(page: number): Promise<boolean> {
    const client = this.deps.client();
    try {
      const result = await client.listExplanations({
        page,
        limit: this.deps.pageSize(),
        language: this.filterState.language,
        mode: this.filterState.mode,
      });
      const known = new Set(this.items.map((i) => i.id));
      this.items.push(...result.items.filter((i) => !known.has(i.id)));
      this.nextPage = result.page < result.totalPages ? result.page + 1 : undefined;
      this.actions = [];
      this.setMessage(this.filterMessage(this.items.length === 0));
      return true;
    } catch (error) {
      const retry = action('Retry', 'refresh', 'codeExplain.history.refresh');
      if (error instanceof MissingApiKeyError) {
        this.actions = [];
        this.setMessage(undefined);
        await this.setState('noKey');
      } else if (error instanceof NetworkError) {
        this.actions = [
          retry,
          action('Open Settings (codeExplain.serverUrl)', 'settings-gear', 'workbench.action.openSettings', [
            'codeExplain.serverUrl',
          ]),
        ];
        this.setMessage(
          `Cannot reach the Code Explain server at ${client.serverUrl}. Start it, or point the codeExplain.serverUrl setting at it.`,
        );
        await this.setState('unreachable');
      } else {
        this.actions =
          error instanceof UnauthorizedError
            ? [action('Set API Key', 'key', 'codeExplain.setApiKey'), retry]
            : [retry];
        this.setMessage(`Cannot load history: ${error instanceof Error ? error.message : String(error)}`);
        await this.setState('error');
      }
      return false;
    }
  }

  /** The view's description is hidden while History is the only view in its container: say it in the message. */
  private filterMessage(empty: boolean): string | undefined {
    const { language, mode } = this.filterState;
    const parts = [language && languageInfo(language).name, mode].filter(Boolean);
    if (parts.length === 0) return undefined;
    return empty
      ? `No saved explanations match the filter (${parts.join(', ')}).`
      : `Filtered: ${parts.join(', ')}.`;
  }

  private setMessage(message: string | undefined): void {
    if (this.view) this.view.message = message;
  }

  private async setState(state: HistoryState): Promise<void> {
    this.state = state;
    await vscode.commands.executeCommand('setContext', HISTORY_STATE_CONTEXT, state);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function action(label: string, icon: string, command: string, args?: unknown[]): HistoryNode {
  return { kind: 'action', label, icon, command: { command, title: label, arguments: args } };
}
