/**
 * The explanation view's only script, bundled to dist/webview.js. It holds no
 * state: it turns clicks into messages (validated before sending) and shows
 * the busy state the extension reports. It never writes HTML, only text.
 */
import { hostMessageSchema, viewMessageSchema, type ViewMessage } from './messages.js';

interface VsCodeApi {
  postMessage(message: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();

function post(message: ViewMessage): void {
  // Parse even our own messages: the schema is the contract with the extension.
  vscode.postMessage(viewMessageSchema.parse(message));
}

function selectValue(id: string): string {
  const element = document.getElementById(id);
  return element instanceof HTMLSelectElement ? element.value : '';
}

function messageFor(button: HTMLElement): ViewMessage | undefined {
  switch (button.dataset.action) {
    case 'reveal': {
      const line = Number(button.dataset.line);
      const end = button.dataset.endLine === undefined ? undefined : Number(button.dataset.endLine);
      const parsed = viewMessageSchema.safeParse({
        type: 'reveal',
        line,
        ...(end === undefined ? {} : { endLine: end }),
      });
      return parsed.success ? parsed.data : undefined;
    }
    case 'rerun': {
      const parsed = viewMessageSchema.safeParse({
        type: 'rerun',
        mode: selectValue('rerun-mode'),
        audience: selectValue('rerun-audience'),
      });
      return parsed.success ? parsed.data : undefined;
    }
    case 'copyMarkdown':
      return { type: 'copyMarkdown' };
    case 'openJson':
      return { type: 'openJson' };
    default:
      return undefined;
  }
}

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target.closest('[data-action]') : null;
  if (!(target instanceof HTMLElement)) return;
  const message = messageFor(target);
  if (message) post(message);
});

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const parsed = hostMessageSchema.safeParse(event.data);
  if (!parsed.success) return;
  const message = parsed.data;
  if (message.type === 'busy') {
    const status = document.getElementById('status');
    if (status) status.textContent = message.text;
    for (const control of document.querySelectorAll<HTMLButtonElement | HTMLSelectElement>(
      '.actions button, .actions select',
    )) {
      control.disabled = message.busy;
    }
    document.body.setAttribute('aria-busy', String(message.busy));
  }
});
