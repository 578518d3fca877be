// A Markdown text area with a Write / Preview switch; the preview is
// rendered and sanitized in the browser, as the server will store it.
import { useId, useState } from 'react';
import { Markdown } from './Html';

export function MarkdownField({
  label,
  value,
  onChange,
  rows = 6,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  rows?: number;
}) {
  const [preview, setPreview] = useState(false);
  const id = useId();
  return (
    <div className="markdown-field">
      <div className="markdown-head">
        <label htmlFor={id}>{label}</label>
        <button type="button" aria-pressed={preview} onClick={() => setPreview(!preview)}>
          {preview ? 'Write' : 'Preview'}
        </button>
      </div>
      {preview ? (
        <div className="preview" aria-label={`${label} preview`}>
          {value.trim() === '' ? <p className="muted">Nothing to preview.</p> : <Markdown text={value} />}
        </div>
      ) : (
        <textarea id={id} value={value} rows={rows} onChange={(e) => onChange(e.target.value)} />
      )}
    </div>
  );
}
