// Which field of a form an API error is about: the server names the input
// it refused in `extensions.argument` (`title`, `dueDate`, …).
import type { CombinedError } from 'urql';
import { hintOf, messageOf } from './Problem';

export interface FieldError {
  field: string | null;
  text: string;
}

export function fieldError(error: CombinedError): FieldError {
  const argument = error.graphQLErrors[0]?.extensions?.argument;
  const hint = hintOf(error);
  const text = hint === null ? messageOf(error) : `${messageOf(error)} — ${hint}`;
  return { field: typeof argument === 'string' ? argument : null, text };
}
