/**
 * The commands: explain (selection, with options, function at cursor, file),
 * the API key, and the History view's actions. Each explain runs under a
 * cancellable progress notification whose cancel aborts the HTTP request.
 */
import {
  AUDIENCES,
  FOCUS_AREAS,
  LANGUAGES,
  MAX_CODE_CHARACTERS,
  MODES,
  countCharacters,
  type Audience,
  type ExplainRequestInput,
  type FocusArea,
  type LanguageId,
  type Mode,
} from '@code-explain/shared';
import * as vscode from 'vscode';
import type { ApiClient } from '../api/client.js';
import { apiLanguageFor } from '../languages.js';
import type { Settings } from '../settings.js';
import type { ApiKeyStore } from './api-key.js';
import { functionRangeAt, wholeDocumentRange } from './code-range.js';
import { showApiError } from './errors.js';
import type { HistoryNode, HistoryProvider } from './history.js';
import type { ExplanationPanel, ShownExplanation, SourceRef } from './panel.js';

export interface CommandDeps {
  readonly client: () => ApiClient;
  readonly settings: () => Settings;
  readonly keys: ApiKeyStore;
  readonly panel: ExplanationPanel;
  readonly history: HistoryProvider;
}

interface Options {
  readonly mode: Mode;
  readonly audience: Audience;
  readonly focus: readonly FocusArea[];
}

export class Commands {
  constructor(private readonly deps: CommandDeps) {}

  register(): vscode.Disposable[] {
    const command = (id: string, run: (...args: never[]) => unknown) =>
      vscode.commands.registerCommand(id, async (...args: never[]) => {
        try {
          await run(...args);
        } catch (error) {
          await showApiError(error);
        }
      });
    return [
      command('codeExplain.explainSelection', () => this.explainSelection(false)),
      command('codeExplain.explainSelectionWith', () => this.explainSelection(true)),
      command('codeExplain.explainFunctionAtCursor', () => this.explainFunctionAtCursor()),
      command('codeExplain.explainFile', () => this.explainFile()),
      command('codeExplain.setApiKey', () => this.setApiKey()),
      command('codeExplain.clearApiKey', () => this.clearApiKey()),
      command('codeExplain.history.refresh', () => this.deps.history.refresh()),
      command('codeExplain.history.loadMore', () => this.deps.history.loadMore()),
      command('codeExplain.history.open', (node: HistoryNode) => this.openHistoryItem(node)),
      command('codeExplain.history.delete', (node: HistoryNode) => this.deleteHistoryItem(node)),
      command('codeExplain.history.filterLanguage', () => this.filterLanguage()),
      command('codeExplain.history.filterMode', () => this.filterMode()),
      command('codeExplain.history.clearFilter', () => this.deps.history.setFilter({})),
    ];
  }

  private defaults(): Options {
    const s = this.deps.settings();
    return { mode: s.defaultMode, audience: s.defaultAudience, focus: s.defaultFocus };
  }

  private async explainSelection(ask: boolean): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (!editor)
      return void vscode.window.showInformationMessage('Code Explain: open a file and select code first.');
    const selection = editor.selection;
    if (selection.isEmpty) {
      return void vscode.window.showInformationMessage(
        'Code Explain: select some code first, or use Explain Function at Cursor or Explain File.',
      );
    }
    const options = ask ? await this.askOptions() : this.defaults();
    if (!options) return;
    await this.explainRange(editor, selection, options);
  }

  private async explainFunctionAtCursor(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return void vscode.window.showInformationMessage('Code Explain: open a file first.');
    const range = await functionRangeAt(editor.document, editor.selection.active);
    if (!range) {
      return void vscode.window.showInformationMessage(
        'Code Explain: no function found at the cursor. Select the code to explain instead.',
      );
    }
    await this.explainRange(editor, range, this.defaults());
  }

  private async explainFile(): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return void vscode.window.showInformationMessage('Code Explain: open a file first.');
    await this.explainRange(editor, wholeDocumentRange(editor.document), this.defaults());
  }

  /** Checks everything that can be checked locally before sending anything. */
  private async explainRange(
    editor: vscode.TextEditor,
    range: vscode.Range,
    options: Options,
  ): Promise<void> {
    const document = editor.document;
    const language = apiLanguageFor(document.languageId, document.fileName);
    if (!language) {
      const supported = LANGUAGES.map((l) => l.name).join(', ');
      return void vscode.window.showWarningMessage(
        `Code Explain does not support "${document.languageId}" files. Supported languages: ${supported}.`,
      );
    }
    const code = document.getText(range);
    if (code.trim() === '')
      return void vscode.window.showInformationMessage('Code Explain: there is no code to explain.');
    if (countCharacters(code) > MAX_CODE_CHARACTERS) {
      return void vscode.window.showWarningMessage(
        `Code Explain: the code is longer than ${MAX_CODE_CHARACTERS.toLocaleString('en-US')} characters; select a smaller part.`,
      );
    }
    const source: SourceRef = {
      uri: document.uri,
      firstLine: range.start.line,
      viewColumn: editor.viewColumn,
    };
    await this.explain({ code, language, ...options, focus: [...options.focus] }, source);
  }

  /** Sends one request under a cancellable progress notification and shows the result. */
  async explain(
    request: ExplainRequestInput & { language: LanguageId },
    source: SourceRef | undefined,
  ): Promise<void> {
    const { panel, history } = this.deps;
    panel.setBusy(true, 'Explaining…');
    try {
      const result = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: 'Code Explain: explaining the code…',
          cancellable: true,
        },
        (_progress, token) => {
          const controller = new AbortController();
          const subscription = token.onCancellationRequested(() => controller.abort());
          return this.deps
            .client()
            .explain(request, controller.signal)
            .finally(() => subscription.dispose());
        },
      );
      panel.show({
        code: request.code,
        source,
        view: {
          language: request.language,
          mode: request.mode ?? this.defaults().mode,
          audience: request.audience ?? this.defaults().audience,
          focus: request.focus ?? [],
          createdAt: result.createdAt,
          result,
          canReveal: source !== undefined,
        },
      });
      // The new explanation is saved on the server: show it in History.
      history.refresh();
    } catch (error) {
      await showApiError(error, () => this.explain(request, source));
    } finally {
      panel.setBusy(false);
    }
  }

  /** The view's Re-run: same code and focus, another mode or audience, in place. */
  rerun(shown: ShownExplanation, mode: Mode, audience: Audience): Promise<void> {
    const v = shown.view;
    return this.explain(
      { code: shown.code, language: v.language, mode, audience, focus: [...v.focus] },
      shown.source,
    );
  }

  private async askOptions(): Promise<Options | undefined> {
    const defaults = this.defaults();
    const mode = await vscode.window.showQuickPick(
      MODES.map((m) => ({
        label: m,
        picked: m === defaults.mode,
        description: m === defaults.mode ? 'default' : '',
      })),
      {
        title: 'Explain Selection With… (1/3): analysis mode',
        placeHolder: `Mode (default ${defaults.mode})`,
      },
    );
    if (!mode) return undefined;
    const audience = await vscode.window.showQuickPick(
      AUDIENCES.map((a) => ({ label: a, description: a === defaults.audience ? 'default' : '' })),
      {
        title: 'Explain Selection With… (2/3): audience',
        placeHolder: `Audience (default ${defaults.audience})`,
      },
    );
    if (!audience) return undefined;
    const focus = await vscode.window.showQuickPick(
      FOCUS_AREAS.map((f) => ({ label: f, picked: defaults.focus.includes(f) })),
      {
        title: 'Explain Selection With… (3/3): focus areas',
        placeHolder: 'Focus areas (any number)',
        canPickMany: true,
      },
    );
    if (!focus) return undefined;
    return {
      mode: mode.label as Mode,
      audience: audience.label as Audience,
      focus: focus.map((f) => f.label as FocusArea),
    };
  }

  private async setApiKey(): Promise<void> {
    const key = await vscode.window.showInputBox({
      title: 'Code Explain: Set API Key',
      prompt: 'Your Code Explain API key. It is kept in VS Code’s secret storage, never in settings.',
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) =>
        value.trim() === '' ? 'Enter a key' : /\s/.test(value.trim()) ? 'A key has no spaces' : undefined,
    });
    if (key === undefined) return;
    await this.deps.keys.set(key);
    this.deps.history.refresh();
    void vscode.window.showInformationMessage('Code Explain: API key saved.');
  }

  private async clearApiKey(): Promise<void> {
    await this.deps.keys.clear();
    this.deps.history.refresh();
    void vscode.window.showInformationMessage('Code Explain: API key removed.');
  }

  /** Opens a saved explanation: read back from the server (no new explanation), no source to reveal lines in. */
  private async openHistoryItem(node: HistoryNode | undefined): Promise<void> {
    if (node?.kind !== 'explanation') return;
    let e;
    try {
      // List items are summaries; the record itself carries the code, sections and suggestions.
      e = await this.deps.client().getExplanation(node.item.id);
    } catch (error) {
      await showApiError(error, () => this.openHistoryItem(node));
      return;
    }
    this.deps.panel.show({
      code: e.code,
      source: undefined,
      view: {
        language: e.language,
        mode: e.mode,
        audience: e.audience,
        focus: e.focus,
        createdAt: e.createdAt,
        result: e,
        canReveal: false,
      },
    });
  }

  private async deleteHistoryItem(node: HistoryNode | undefined): Promise<void> {
    if (node?.kind !== 'explanation') return;
    const answer = await vscode.window.showWarningMessage(
      'Delete this saved explanation?',
      { modal: true, detail: node.item.codePreview.split('\n').slice(0, 3).join('\n') },
      'Delete',
    );
    if (answer !== 'Delete') return;
    try {
      await this.deps.client().deleteExplanation(node.item.id);
      this.deps.history.remove(node.item.id);
    } catch (error) {
      await showApiError(error, () => this.deleteHistoryItem(node));
    }
  }

  private async filterLanguage(): Promise<void> {
    const current = this.deps.history.filter;
    const pick = await vscode.window.showQuickPick(
      [
        { label: 'All languages', id: undefined },
        ...LANGUAGES.map((l) => ({ label: l.name, description: l.id, id: l.id })),
      ],
      { title: 'Filter history by language' },
    );
    if (pick) await this.deps.history.setFilter({ ...current, language: pick.id as LanguageId | undefined });
  }

  private async filterMode(): Promise<void> {
    const current = this.deps.history.filter;
    const pick = await vscode.window.showQuickPick(
      [{ label: 'All modes', id: undefined }, ...MODES.map((m) => ({ label: m, id: m }))],
      { title: 'Filter history by mode' },
    );
    if (pick) await this.deps.history.setFilter({ ...current, mode: pick.id });
  }
}
