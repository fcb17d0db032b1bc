// silent: security/html-injection
import DOMPurify from 'dompurify';

export function showPreview(el, markdownHtml) {
  el.innerHTML = DOMPurify.sanitize(markdownHtml);
}
