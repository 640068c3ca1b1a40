import { IconCheck } from '../../../components/ui/icons';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useAccount } from '../../../lib/auth/use-account';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAuditLog, useModerationQueue } from '../api/safety-api';
import { LiftSuspension } from '../components/lift-suspension';
import { QueueItemCard } from '../components/queue-item-card';
import { actionPhrase } from '../safety-text';
import '../../../components/ui/state-panels.css';
import './safety-pages.css';
import { formatDate } from '../../../lib/dates';

/**
 * /moderation (docs/product/safety.md): for people with moderation tools, the open reports
 * grouped by what they are about, most reported first; the audit log of every action below.
 */
export function ModerationPage() {
  usePageTitle('Moderation');
  const queue = useModerationQueue();
  const refused = queue.isError && isApiError(queue.error) && queue.error.statusCode === 403;

  return (
    <div className="page safety-page">
      <h1 className="safety-page__title">Moderation</h1>
      {refused ? (
        <EmptyState icon={<IconCheck size={28} />} title="You need moderation tools for this">
          <p>The Doers team grants them to the people who look after the community.</p>
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="queue-title" className="safety-page__section">
            <h2 id="queue-title" className="card__title">
              Open reports
            </h2>
            {queue.isPending && <SkeletonList count={3} label="Loading the reports" />}
            {queue.isError && (
              <ErrorState
                title="The reports did not load"
                message={errorMessage(queue.error, 'Something went wrong')}
                onRetry={() => void queue.refetch()}
                retrying={queue.isFetching}
              />
            )}
            {queue.data?.items.length === 0 && (
              <EmptyState icon={<IconCheck size={28} />} title="Nothing to look at" level={3}>
                <p>Every report has been handled.</p>
              </EmptyState>
            )}
            <ul className="queue-list">
              {queue.data?.items.map((item) => (
                <QueueItemCard key={`${item.targetType}:${item.targetId}`} item={item} />
              ))}
            </ul>
          </section>
          <AuditLog />
        </>
      )}
    </div>
  );
}

function AuditLog() {
  const audit = useAuditLog();
  const isAdmin = useAccount().data?.founder.permissions.adminAccess ?? false;
  const entries = audit.data?.pages.flatMap((p) => p.items) ?? [];
  // One way to lift a person's suspension: on the newest line that suspended them.
  const liftable = new Set<string>();
  const seen = new Set<string>();
  for (const e of entries) {
    if (e.action !== 'suspend' || !e.targetSuspended || seen.has(e.targetId)) continue;
    seen.add(e.targetId);
    liftable.add(e.id);
  }
  return (
    <section aria-labelledby="audit-title" className="card safety-page__section">
      <h2 id="audit-title" className="card__title">
        Audit log
      </h2>
      {audit.isPending && <SkeletonList count={2} variant="row" label="Loading the audit log" />}
      {audit.isSuccess && entries.length === 0 && <p className="muted">No actions yet.</p>}
      <ol className="audit-list">
        {entries.map((e) => (
          <li key={e.id}>
            <span>
              <strong>
                {e.moderator
                  ? `@${e.moderator.username}`
                  : `A former moderator${e.formerModerator ? ` (${e.formerModerator})` : ''}`}
              </strong>{' '}
              {actionPhrase(e)}
              {e.targetUser && ` of @${e.targetUser.username}`}: “{e.reason}”
            </span>
            <time className="muted" dateTime={e.createdAt}>
              {formatDate(e.createdAt, 'dateTime')}
            </time>
            {isAdmin && liftable.has(e.id) && <LiftSuspension entry={e} />}
          </li>
        ))}
      </ol>
      <LoadMoreButton query={audit} label="Show older" variant="ghost" />
    </section>
  );
}
