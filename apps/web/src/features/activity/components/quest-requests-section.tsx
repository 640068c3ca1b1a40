import type { QuestRequest } from '@doers/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { FounderStar } from '../../../components/ui/founder-star';
import { IconUsers } from '../../../components/ui/icons';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { useDecideQuestRequest, useQuestRequests } from '../api/use-activity';
import type { RequestDecision } from '../api/use-activity';
import './quest-requests-section.css';

function RequestRow({
  request,
  onDecide,
}: {
  request: QuestRequest;
  onDecide(decision: RequestDecision): void;
}) {
  const name = request.user.displayName || request.user.username;
  return (
    <li className="request">
      <Avatar name={name} src={request.user.profilePictureUrl} size={44} />
      <div className="request__text">
        <p>
          <Link to={`/users/${request.user.id}`} className="request__name">
            {name}
          </Link>
          {request.user.isFounder && <FounderStar size={14} />} wants to join{' '}
          <Link to={`/quests/${request.quest.id}`} className="request__quest">
            {request.quest.emoji} {request.quest.title}
          </Link>
        </p>
        <p className="muted request__handle">@{request.user.username}</p>
      </div>
      <div className="request__actions">
        <Button
          variant="secondary"
          className="btn--small"
          onClick={() => onDecide('decline')}
          aria-label={`Decline ${name}`}
        >
          Decline
        </Button>
        <Button
          className="btn--small"
          onClick={() => onDecide('accept')}
          aria-label={`Accept ${name}`}
        >
          Accept
        </Button>
      </div>
    </li>
  );
}

/** Requests to join my quests, decided right here. */
export function QuestRequestsSection() {
  const requests = useQuestRequests();
  const decide = useDecideQuestRequest();
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];

  function onDecide(request: QuestRequest, decision: RequestDecision) {
    decide.mutate({ request, decision }); // toasts and rollback live in the mutation
  }

  return (
    <section className="card" aria-labelledby="requests-title">
      <h2 id="requests-title" className="card__title">
        Quest requests{items.length > 0 && <span className="count-pill">{items.length}</span>}
      </h2>
      {requests.isPending && (
        <SkeletonList count={1} variant="row" label="Loading quest requests" />
      )}
      {requests.isError && (
        <ErrorState
          title="Requests did not load"
          message={errorMessage(requests.error, 'Something went wrong')}
          onRetry={() => void requests.refetch()}
          retrying={requests.isFetching}
        />
      )}
      {requests.isSuccess && items.length === 0 && (
        <EmptyState icon={<IconUsers size={22} />} title="No requests waiting" level={3} compact>
          <p>When someone asks to join one of your quests, you decide here.</p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <ul className="request-list">
          {items.map((request) => (
            <RequestRow
              key={request.id}
              request={request}
              onDecide={(decision) => onDecide(request, decision)}
            />
          ))}
        </ul>
      )}
      <LoadMoreButton query={requests} label="Load more requests" variant="ghost" />
    </section>
  );
}
