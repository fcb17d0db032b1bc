/** One place that turns the client's typed errors into messages with the right action. */
import * as vscode from 'vscode';
import {
  CancelledError,
  InvalidRequestError,
  MalformedResponseError,
  MissingApiKeyError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
} from '../api/errors.js';

const SET_KEY = 'Set API Key';
const RETRY = 'Retry';

export async function showApiError(error: unknown, retry?: () => unknown): Promise<void> {
  if (error instanceof CancelledError) return;
  if (error instanceof MissingApiKeyError) {
    const choice = await vscode.window.showWarningMessage(
      'Code Explain: no API key is set. Set your key to explain code.',
      SET_KEY,
    );
    if (choice === SET_KEY) await vscode.commands.executeCommand('codeExplain.setApiKey');
    return;
  }
  if (error instanceof UnauthorizedError) {
    const choice = await vscode.window.showErrorMessage(
      `Code Explain: the server refused the API key (${error.message}).`,
      SET_KEY,
    );
    if (choice === SET_KEY) await vscode.commands.executeCommand('codeExplain.setApiKey');
    return;
  }
  if (error instanceof RateLimitedError) {
    const wait = error.retryAfterSeconds === undefined ? 'a moment' : `${error.retryAfterSeconds} s`;
    await vscode.window.showWarningMessage(`Code Explain: rate limit reached. Try again in ${wait}.`);
    return;
  }
  if (error instanceof InvalidRequestError) {
    const fields = error.details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message));
    const detail = fields.length > 0 ? ` (${fields.slice(0, 3).join('; ')})` : '';
    await vscode.window.showErrorMessage(
      `Code Explain: the server rejected the request: ${error.message}${detail}`,
    );
    return;
  }
  if (error instanceof NotFoundError) {
    await vscode.window.showErrorMessage(`Code Explain: not found (${error.message}).`);
    return;
  }
  const retryable =
    error instanceof NetworkError || error instanceof ServerError || error instanceof MalformedResponseError;
  const message = error instanceof Error ? error.message : String(error);
  const choice = await vscode.window.showErrorMessage(
    `Code Explain: ${message}`,
    ...(retryable && retry ? [RETRY] : []),
  );
  if (choice === RETRY && retry) await retry();
}
