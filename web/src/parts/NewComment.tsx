// A new comment on a task, written in Markdown with a preview (the
// comments themselves show in the task's timeline, Timeline.tsx).
import { useState } from 'react';
import { useMutation } from 'urql';
import { graphql } from '../gql';
import { MarkdownField } from './MarkdownField';
import { fieldError, type FieldError } from './fieldError';
import { FieldProblem } from './FieldProblem';

const AddComment = graphql(`
  mutation AddComment($ref: String!, $bodyMarkdown: String!) {
    addComment(ref: $ref, bodyMarkdown: $bodyMarkdown) {
      id
    }
  }
`);

export function NewComment({ taskRef, onAdded }: { taskRef: string; onAdded: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [{ fetching }, add] = useMutation(AddComment);
  return (
    <form
      aria-label="New comment"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        const result = await add({ ref: taskRef, bodyMarkdown: text });
        if (result.error) setError(fieldError(result.error));
        else {
          setText('');
          onAdded();
        }
      }}
    >
      <MarkdownField label="New comment (Markdown)" value={text} onChange={setText} rows={4} />
      <FieldProblem error={error} field="body" />
      <FieldProblem error={error} field={null} />
      <button type="submit" className="primary" disabled={fetching || text.trim() === ''}>
        Comment
      </button>
    </form>
  );
}
