import { TIER_LIMITS } from '@doers/contract';
import { IconLock, IconMessage } from '../../../components/ui/icons';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { useAccount } from '../../../lib/auth/use-account';
import { usePageTitle } from '../../../lib/use-page-title';
import { useConversations } from '../api/dms-api';
import { ConversationRow } from '../components/conversation-row';
import './dms.css';

/** /dms: my conversations, newest activity first, with unread marks. */
export function ConversationsPage() {
  usePageTitle('Messages');
  const dmDuration = useAccount().data?.limits.dmDuration ?? TIER_LIMITS.free.dmDuration;
  return (
    <div className="page">
      <h1 className="page__title">Messages</h1>
      {dmDuration > 0 ? (
        <ConversationList />
      ) : (
        <div className="card">
          <EmptyState icon={<IconLock size={28} />} title="Voice messages are off">
            <p>Voice messages are not available on your plan.</p>
          </EmptyState>
        </div>
      )}
    </div>
  );
}

function ConversationList() {
  const query = useConversations();
  const now = new Date();
  if (query.isPending) {
    return <SkeletonList count={4} variant="row" label="Loading your conversations" />;
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Your conversations did not load"
        message={errorMessage(query.error, 'Something went wrong')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className="card">
        <EmptyState icon={<IconMessage size={28} />} title="No messages yet">
          <p>
            Open someone&rsquo;s profile and tap Message to send them a voice message. Their answers
            show up here.
          </p>
        </EmptyState>
      </div>
    );
  }
  return (
    <>
      <ul className="dm-list card" aria-label="Conversations">
        {items.map((conversation) => (
          <ConversationRow key={conversation.id} conversation={conversation} now={now} />
        ))}
      </ul>
      <LoadMoreButton query={query} label="Load more conversations" variant="ghost" />
    </>
  );
}
