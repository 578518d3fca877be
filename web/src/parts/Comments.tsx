// A task's comments outline-first: each as its author, time and first
// line; one opened at a time shows its whole body (sanitized HTML). A
// token that may write adds comments in Markdown, with a preview.
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { graphql } from '../gql';
import { useSession } from '../session-context';
import { Html } from './Html';
import { More } from './More';
import { Problem } from './Problem';
import { MarkdownField } from './MarkdownField';
import { fieldError, type FieldError } from './fieldError';
import { FieldProblem } from './FieldProblem';

const CommentOutline = graphql(`
  query CommentOutline($ref: String!, $after: String) {
    task(ref: $ref) {
      id
      comments(first: 50, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          id
          createdAt
          author {
            username
            displayName
          }
          bodyText(cut: FIRST_LINE, maxChars: 140) {
            text
            truncated
          }
        }
      }
    }
  }
`);

const CommentBody = graphql(`
  query CommentBody($id: ID!) {
    node(id: $id) {
      ... on Comment {
        id
        body
      }
    }
  }
`);

const AddComment = graphql(`
  mutation AddComment($ref: String!, $bodyMarkdown: String!) {
    addComment(ref: $ref, bodyMarkdown: $bodyMarkdown) {
      id
    }
  }
`);

export function Comments({
  taskRef,
  count,
  version,
  writable,
}: {
  taskRef: string;
  count: number;
  version: number;
  writable: boolean;
}) {
  const { readOnly } = useSession();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-label="Comments" className="comments">
      <h2>Comments ({count})</h2>
      <CommentPage key={version} taskRef={taskRef} after={null} open={open} setOpen={setOpen} />
      {writable && !readOnly && <NewComment taskRef={taskRef} />}
    </section>
  );
}

function CommentPage({
  taskRef,
  after,
  open,
  setOpen,
}: {
  taskRef: string;
  after: string | null;
  open: string | null;
  setOpen: (id: string | null) => void;
}) {
  const [{ data, error }] = useQuery({
    query: CommentOutline,
    variables: { ref: taskRef, after },
    requestPolicy: 'cache-and-network',
  });
  if (error && !data) return <Problem error={error} />;
  if (!data) return <p className="loading">Loading comments…</p>;
  const { nodes, pageInfo } = data.task.comments;
  return (
    <>
      <ol className="comment-list">
        {nodes.map((comment) => (
          <li key={comment.id}>
            <button
              type="button"
              className="comment-head"
              aria-expanded={open === comment.id}
              onClick={() => setOpen(open === comment.id ? null : comment.id)}
            >
              <strong>{comment.author?.displayName ?? 'someone'}</strong>{' '}
              <time dateTime={comment.createdAt}>{comment.createdAt.replace('T', ' ').slice(0, 16)}</time>{' '}
              {open !== comment.id && (
                <span className="excerpt">
                  {comment.bodyText.text}
                  {comment.bodyText.truncated ? '…' : ''}
                </span>
              )}
            </button>
            {open === comment.id && <CommentFull id={comment.id} />}
          </li>
        ))}
      </ol>
      <More
        pageInfo={pageInfo}
        label="More comments"
        next={(after) => <CommentPage taskRef={taskRef} after={after} open={open} setOpen={setOpen} />}
      />
    </>
  );
}

function CommentFull({ id }: { id: string }) {
  const [{ data, error }] = useQuery({ query: CommentBody, variables: { id } });
  if (error) return <Problem error={error} />;
  if (!data) return <p className="loading">Loading…</p>;
  const body = data.node.__typename === 'Comment' ? data.node.body : '';
  return <Html html={body} className="prose comment-body" />;
}

function NewComment({ taskRef }: { taskRef: string }) {
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
        else setText('');
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
