// HTML from the API and Markdown typed here, made safe to show: the
// server sanitized what it stored, and the browser sanitizes again with
// DOMPurify's allowlist (no script, no event handler, no style, no form,
// links that leave the page open without a referrer).
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

// `html: false`: raw HTML in Markdown is shown as text, as the server
// would store it escaped.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const purify = DOMPurify();
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('rel', 'noopener noreferrer nofollow');
    node.setAttribute('target', '_blank');
  }
});

export function safeHtml(html: string): string {
  return purify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style', 'srcset'],
    ALLOW_DATA_ATTR: false,
  });
}

export function markdownToSafeHtml(text: string): string {
  return safeHtml(markdown.render(text));
}
