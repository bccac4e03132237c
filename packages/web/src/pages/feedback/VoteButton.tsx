import type { FeatureRequest } from '@printloom/core';
import Button from 'react-bootstrap/Button';
import { useVoteFeatureRequest } from '../../api/hooks/useFeatureRequests.js';

/**
 * The vote count and toggle of one request: pressed when this account voted (`aria-pressed`),
 * pressing again takes the vote back.
 */
export function VoteButton({ request }: { request: FeatureRequest }) {
  const vote = useVoteFeatureRequest();
  return (
    <Button
      variant={request.voted ? 'primary' : 'outline-primary'}
      className="d-flex flex-column align-items-center px-3"
      style={{ minWidth: 72 }}
      aria-pressed={request.voted}
      aria-label={`${request.voted ? 'Take back your vote for' : 'Vote for'} “${request.title}”, ${request.votes} ${request.votes === 1 ? 'vote' : 'votes'}`}
      disabled={vote.isPending}
      onClick={() => vote.mutate({ id: request.id, vote: !request.voted })}
    >
      <span aria-hidden="true">▲</span>
      <span className="fw-semibold" data-testid="vote-count">
        {request.votes}
      </span>
    </Button>
  );
}
