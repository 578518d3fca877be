// An agent session's hold on a task (`claimTask`): who holds it, the
// session's last status line and when the claim lapses. Shown on cards,
// the task page and the agents page, each selecting `ClaimFields`.
import { graphql, useFragment, type FragmentType } from '../gql';

export const ClaimFields = graphql(`
  fragment ClaimFields on TaskClaim {
    since
    until
    holder {
      username
    }
    session {
      name
      status
    }
  }
`);

function hhmm(instant: string): string {
  return instant.replace('T', ' ').slice(0, 16);
}

/** One line: "held by @alice (agent name): running tests, until …". */
export function Claim(props: { claim: FragmentType<typeof ClaimFields> | null | undefined; long?: boolean }) {
  const claim = useFragment(ClaimFields, props.claim);
  const long = props.long ?? false;
  if (!claim) return null;
  const who = claim.holder ? `@${claim.holder.username}` : 'an agent';
  const status = claim.session?.status ? `: ${claim.session.status}` : '';
  return (
    <p className="claim" title={`claimed until ${hhmm(claim.until)}`}>
      held by {who}
      {long && claim.session ? ` (agent ${claim.session.name})` : ''}
      {status}
      {long ? ` — until ${hhmm(claim.until)}` : ''}
    </p>
  );
}
