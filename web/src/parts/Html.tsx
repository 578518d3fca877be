// Shows HTML from the API (or Markdown typed here) through the browser's
// sanitizer: the only place the board puts HTML into the page.
import { markdownToSafeHtml, safeHtml } from '../markdown';

export function Html({ html, className }: { html: string; className?: string }) {
  return <div className={className ?? 'prose'} dangerouslySetInnerHTML={{ __html: safeHtml(html) }} />;
}

export function Markdown({ text, className }: { text: string; className?: string }) {
  return <div className={className ?? 'prose'} dangerouslySetInnerHTML={{ __html: markdownToSafeHtml(text) }} />;
}
