// silent: security/html-injection
import escapeHtml from 'escape-html';

export function greet(el, name) {
  el.innerHTML = '<strong>' + escapeHtml(name) + '</strong>';
}
