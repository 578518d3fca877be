// An API error shown beside the form field it is about (or under the form
// when it names none), announced as it appears.
import type { FieldError } from './fieldError';

export function FieldProblem({ error, field }: { error: FieldError | null; field: string | null }) {
  if (error === null || error.field !== field) return null;
  return (
    <p className="field-error" role="alert" id={field === null ? undefined : `error-${field}`}>
      {error.text}
    </p>
  );
}
