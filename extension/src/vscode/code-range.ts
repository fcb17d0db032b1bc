/** What "Explain Function at Cursor" and "Explain File" send. */
import * as vscode from 'vscode';

const FUNCTION_KINDS = new Set([
  vscode.SymbolKind.Function,
  vscode.SymbolKind.Method,
  vscode.SymbolKind.Constructor,
]);

/** The innermost function, method or constructor around the position, from the language's symbol provider. */
export async function functionRangeAt(
  document: vscode.TextDocument,
  position: vscode.Position,
): Promise<vscode.Range | undefined> {
  const symbols = await vscode.commands.executeCommand<
    (vscode.DocumentSymbol | vscode.SymbolInformation)[] | undefined
  >('vscode.executeDocumentSymbolProvider', document.uri);
  let best: vscode.Range | undefined;
  const visit = (list: readonly (vscode.DocumentSymbol | vscode.SymbolInformation)[]) => {
    for (const symbol of list) {
      const range = 'range' in symbol ? symbol.range : symbol.location.range;
      if (!range.contains(position)) continue;
      if (FUNCTION_KINDS.has(symbol.kind) && (!best || best.contains(range))) best = range;
      if ('children' in symbol) visit(symbol.children);
    }
  };
  visit(symbols ?? []);
  return best;
}

export function wholeDocumentRange(document: vscode.TextDocument): vscode.Range {
  const last = document.lineAt(document.lineCount - 1);
  return new vscode.Range(0, 0, last.lineNumber, last.text.length);
}
