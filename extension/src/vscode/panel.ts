/**
 * The explanation view: one webview panel beside the editor, re-rendered from
 * state kept here (the page holds none), with a CSP nonce per render. Messages
 * from the page are parsed with zod before anything is done with them.
 */
import { toMarkdown, type Audience, type Mode } from '@code-explain/shared';
import * as vscode from 'vscode';
import { makeNonce, renderExplanationPage, renderMessagePage, type PageResources } from '../render/html.js';
import type { ExplanationView } from '@code-explain/shared';
import { hostMessageSchema, viewMessageSchema, type HostMessage } from '../webview/messages.js';

/** Where the explained code came from, so line numbers can reveal it. */
export interface SourceRef {
  readonly uri: vscode.Uri;
  /** 0-based document line of the code's first line. */
  readonly firstLine: number;
  readonly viewColumn: vscode.ViewColumn | undefined;
}

export interface ShownExplanation {
  readonly view: ExplanationView;
  /** The code that was explained: re-runs send it again. */
  readonly code: string;
  readonly source?: SourceRef | undefined;
}

export interface PanelActions {
  rerun(shown: ShownExplanation, mode: Mode, audience: Audience): Promise<void>;
}

export const VIEW_TYPE = 'codeExplain.explanation';
/** Read-only documents for Open raw JSON: nothing to save, no prompt when closed. */
export const JSON_SCHEME = 'code-explain-json';

export class ExplanationPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private shown: ShownExplanation | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly jsonDocuments = new Map<string, string>();
  private jsonCount = 0;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly actions: PanelActions,
  ) {
    this.disposables.push(
      vscode.workspace.registerTextDocumentContentProvider(JSON_SCHEME, {
        provideTextDocumentContent: (uri) => this.jsonDocuments.get(uri.path) ?? '',
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === JSON_SCHEME) this.jsonDocuments.delete(document.uri.path);
      }),
    );
  }

  get current(): ShownExplanation | undefined {
    return this.shown;
  }

  show(shown: ShownExplanation): void {
    this.shown = shown;
    const panel = this.ensurePanel();
    panel.title = `Explain: ${shown.view.result.metadata.units?.[0]?.name ?? shown.view.language}`;
    panel.webview.html = renderExplanationPage(shown.view, this.resources(panel.webview));
    panel.reveal(panel.viewColumn ?? vscode.ViewColumn.Beside, true);
  }

  /** A placeholder while the first request runs, so the view opens at once. */
  showMessage(message: string): void {
    const panel = this.ensurePanel();
    if (this.shown) return this.post({ type: 'busy', busy: true, text: message });
    panel.webview.html = renderMessagePage(message, this.resources(panel.webview));
  }

  setBusy(busy: boolean, text = ''): void {
    if (this.panel && this.shown) this.post({ type: 'busy', busy, text });
  }

  private post(message: HostMessage): void {
    void this.panel?.webview.postMessage(hostMessageSchema.parse(message));
  }

  private resources(webview: vscode.Webview): PageResources {
    return {
      nonce: makeNonce(),
      cspSource: webview.cspSource,
      scriptUri: webview
        .asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview.js'))
        .toString(),
    };
  }

  private ensurePanel(): vscode.WebviewPanel {
    if (this.panel) return this.panel;
    const panel = vscode.window.createWebviewPanel(
      VIEW_TYPE,
      'Code Explanation',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      {
        enableScripts: true,
        enableFindWidget: true,
        // Only the bundled view script; nothing else on disk, nothing remote.
        localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist')],
      },
    );
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'icon.svg');
    const subscriptions = [
      panel.webview.onDidReceiveMessage((raw: unknown) => void this.onMessage(raw)),
      panel.onDidDispose(() => {
        this.panel = undefined;
        this.shown = undefined;
        for (const d of subscriptions) d.dispose();
      }),
    ];
    this.panel = panel;
    return panel;
  }

  private async onMessage(raw: unknown): Promise<void> {
    const parsed = viewMessageSchema.safeParse(raw);
    const shown = this.shown;
    if (!parsed.success || !shown) return;
    const message = parsed.data;
    switch (message.type) {
      case 'reveal':
        await this.reveal(shown, message.line, message.endLine);
        return;
      case 'rerun':
        await this.actions.rerun(shown, message.mode, message.audience);
        return;
      case 'copyMarkdown':
        await vscode.env.clipboard.writeText(
          toMarkdown(shown.view.result, `Code explanation (${shown.view.language})`),
        );
        void vscode.window.showInformationMessage('Code Explain: copied the explanation as Markdown.');
        return;
      case 'openJson': {
        const path = `/explanation-${++this.jsonCount}.json`;
        this.jsonDocuments.set(path, `${JSON.stringify(shown.view.result, null, 2)}\n`);
        const document = await vscode.workspace.openTextDocument(
          vscode.Uri.from({ scheme: JSON_SCHEME, path }),
        );
        await vscode.window.showTextDocument(document, {
          viewColumn: vscode.ViewColumn.Beside,
          preview: true,
        });
        return;
      }
    }
  }

  private async reveal(shown: ShownExplanation, line: number, endLine: number | undefined): Promise<void> {
    const source = shown.source;
    if (!source) return;
    const document = await vscode.workspace.openTextDocument(source.uri);
    const last = document.lineCount - 1;
    const start = Math.min(last, source.firstLine + line - 1);
    const end = Math.min(last, source.firstLine + (endLine ?? line) - 1);
    const range = new vscode.Range(start, 0, end, document.lineAt(end).text.length);
    const editor = await vscode.window.showTextDocument(document, {
      viewColumn: source.viewColumn ?? vscode.ViewColumn.One,
      selection: range,
    });
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose(): void {
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
