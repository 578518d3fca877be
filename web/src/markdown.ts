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
  if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
    node.setAttribute('rel', 'noopener noreferrer nofollow');
    node.setAttribute('target', '_blank');
  }
  // Only a code block's language may name a class: stored text must not
  // take the board's own looks (a button, an alert).
  const language = (node.getAttribute('class') ?? '').split(/\s+/).filter((c) => /^language-[\w-]+$/.test(c));
  if (language.length > 0) node.setAttribute('class', language.join(' '));
  else node.removeAttribute('class');
  // An image from another origin would be blocked by the CSP (img-src
  // 'self'): it becomes a link to it (http and https), named by its alt
  // text, or just that text.
  if (node.tagName === 'IMG') {
    const src = node.getAttribute('src') ?? '';
    let sameOrigin = false;
    try {
      sameOrigin = new URL(src, location.href).origin === location.origin;
    } catch {
      sameOrigin = false;
    }
    if (!sameOrigin) {
      const text = node.getAttribute('alt') || src;
      if (/^https?:/i.test(src)) {
        const link = node.ownerDocument.createElement('a');
        link.setAttribute('href', src);
        link.setAttribute('rel', 'noopener noreferrer nofollow');
        link.setAttribute('target', '_blank');
        link.textContent = text;
        node.replaceWith(link);
      } else node.replaceWith(node.ownerDocument.createTextNode(text));
      return;
    }
  }
  // Task lists' checkboxes are shown, never used.
  if (node.tagName === 'INPUT') {
    if (node.getAttribute('type') !== 'checkbox') node.remove();
    else node.setAttribute('disabled', '');
  }
});

export function safeHtml(html: string): string {
  return purify.sanitize(html, {
    // Structure, links and images; no ids, roles, styles or handlers.
    ALLOWED_ATTR: [
      'href',
      'title',
      'alt',
      'src',
      'class',
      'type',
      'checked',
      'disabled',
      'colspan',
      'rowspan',
      'start',
      'align',
    ],
    FORBID_TAGS: ['style', 'form', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

export function markdownToSafeHtml(text: string): string {
  return safeHtml(markdown.render(text));
}
