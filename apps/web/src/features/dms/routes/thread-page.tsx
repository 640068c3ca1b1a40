import { conversationParams, type DmMessage } from '@doers/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { IconMessage, IconMic } from '../../../components/ui/icons';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  useConversation,
  useDeleteMessage,
  useMarkListened,
  useMarkRead,
  useMessages,
} from '../api/dms-api';
import { PendingVoiceList } from '../../../components/offline/pending-voice';
import { ReportDialog } from '../../safety';
import { DmComposer } from '../components/dm-composer';
import { MessageBubble } from '../components/message-bubble';
import { ThreadHeader } from '../components/thread-header';
import { nameOf } from '../lib/dm-text';
import { useReadWhileOpen } from '../lib/use-read-while-open';
import './dms.css';

function ThreadUnavailable() {
  return (
    <div className="card">
      <EmptyState
        icon={<IconMessage size={28} />}
        title="This conversation isn't available"
        action={
          <ButtonLink to="/dms" variant="secondary">
            Go to Messages
          </ButtonLink>
        }
      >
        <p>It may not exist, or it is not yours.</p>
      </EmptyState>
    </div>
  );
}

/**
 * /dms/{conversationId}: the voice messages, oldest on top, with the recorder at the bottom (the
 * bottom bar is hidden here). Opening it reads it; new messages arrive through the caches.
 */
export function ThreadPage() {
  const { conversationId = '' } = useParams();
  const validId = conversationParams.safeParse({ id: conversationId }).success;
  const conversation = useConversation(conversationId, validId);
  const messages = useMessages(conversationId, validId);
  const read = useMarkRead(conversationId);
  const listened = useMarkListened();
  const remove = useDeleteMessage();
  const [deleting, setDeleting] = useState<DmMessage | null>(null);
  const [reporting, setReporting] = useState<DmMessage | null>(null);
  const other = conversation.data?.other;
  usePageTitle(other ? `Messages with ${nameOf(other)}` : 'Messages');

  const markRead = useCallback(() => read.mutate(), [read]);
  useReadWhileOpen(conversationId, conversation.data?.unread, markRead);

  const items = (messages.data?.pages.flatMap((page) => page.items) ?? []).slice().reverse();
  const newestId = items[items.length - 1]?.id;
  const bottom = useRef<HTMLDivElement>(null);
  // The newest message in view: on opening, and when one arrives or is sent.
  useEffect(() => {
    if (newestId) bottom.current?.scrollIntoView({ block: 'end' });
  }, [newestId]);

  const gone = (query: { error: unknown }) =>
    isApiError(query.error) && [400, 404].includes(query.error.statusCode);
  if (!validId || gone(conversation) || gone(messages)) return <ThreadUnavailable />;

  const name = other ? nameOf(other) : 'them';
  return (
    <div className="page dm-thread">
      <h1 className="sr-only">{other ? `Conversation with ${name}` : 'Conversation'}</h1>
      <ThreadHeader conversation={conversation.data} />
      {messages.isPending && <SkeletonList count={3} variant="row" label="Loading messages" />}
      {messages.isError && (
        <ErrorState
          title="The messages did not load"
          message={errorMessage(messages.error, 'Something went wrong')}
          onRetry={() => void messages.refetch()}
          retrying={messages.isFetching}
        />
      )}
      {messages.hasNextPage && (
        <Button
          variant="ghost"
          block
          loading={messages.isFetchingNextPage}
          onClick={() => void messages.fetchNextPage()}
        >
          Load earlier messages
        </Button>
      )}
      {messages.isSuccess && items.length === 0 && (
        <EmptyState compact level={2} icon={<IconMic size={22} />} title="No messages yet">
          <p>Hold the microphone below and say hello to {name}.</p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <ol className="dm-thread__messages" aria-label={`Messages with ${name}`}>
          {items.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              otherName={name}
              now={new Date()}
              onListened={(m) => listened.mutate(m)}
              onDelete={setDeleting}
              onReport={setReporting}
            />
          ))}
        </ol>
      )}
      <PendingVoiceList type="dm" subject={conversationId} label="Messages waiting to be sent" />
      <div ref={bottom} />
      {conversation.isError && !gone(conversation) && (
        <ErrorState
          title="This conversation did not load"
          message={errorMessage(conversation.error, 'Something went wrong')}
          onRetry={() => void conversation.refetch()}
          retrying={conversation.isFetching}
        />
      )}
      {conversation.data && (
        <DmComposer
          conversation={conversation.data}
          onSent={() => bottom.current?.scrollIntoView({ block: 'end' })}
        />
      )}
      {reporting && (
        <ReportDialog
          open
          onClose={() => setReporting(null)}
          targetType="dm"
          targetId={reporting.id}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this voice message?"
        confirmLabel="Delete"
        tone="danger"
        loading={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting, {
            onSuccess: () => toast.success('Message deleted'),
            onError: (error) => toast.error(errorMessage(error, 'Could not delete the message')),
            onSettled: () => setDeleting(null),
          });
        }}
        onClose={() => setDeleting(null)}
      >
        It goes for you and for {name}, with its recording.
      </ConfirmDialog>
    </div>
  );
}
