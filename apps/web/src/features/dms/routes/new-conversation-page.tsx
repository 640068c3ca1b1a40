import { dmWithParams } from '@doers/contract';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { IconArrowLeft, IconMessage, IconRefresh } from '../../../components/ui/icons';
import { PageSpinner } from '../../../components/ui/spinner';
import { EmptyState } from '../../../components/ui/state-panels';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOpenConversation } from '../api/dms-api';
import './dms.css';

/**
 * /dms/new/{userId} (a profile's Message button): opens the conversation with that person and
 * replaces the address with it; when they cannot be messaged, says why, with a way back.
 */
export function NewConversationPage() {
  usePageTitle('New message');
  const { userId = '' } = useParams();
  const validId = dmWithParams.safeParse({ userId }).success;
  const open = useOpenConversation();
  const navigate = useNavigate();
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (!validId || asked.current === userId) return;
    asked.current = userId;
    open.mutate(userId, {
      onSuccess: (conversation) => void navigate(`/dms/${conversation.id}`, { replace: true }),
    });
  }, [validId, userId, open, navigate]);

  if (validId && !open.isError) return <PageSpinner label="Opening the conversation" />;

  const notFound = !validId || (isApiError(open.error) && open.error.statusCode === 404);
  const refused = isApiError(open.error) && open.error.statusCode === 403;
  const retry = () => {
    open.reset();
    asked.current = null;
  };
  return (
    <div className="page">
      <div className="card">
        <EmptyState
          icon={<IconMessage size={28} />}
          title={
            notFound
              ? 'User not found'
              : refused
                ? "You can't message this person"
                : 'The conversation did not open'
          }
          action={
            <div className="dm-refused__actions">
              {!notFound && !refused && (
                <Button icon={<IconRefresh size={18} />} onClick={retry}>
                  Try again
                </Button>
              )}
              {!notFound && (
                <ButtonLink
                  to={`/users/${userId}`}
                  variant="secondary"
                  icon={<IconArrowLeft size={18} />}
                >
                  Back to their profile
                </ButtonLink>
              )}
              <ButtonLink to="/dms" variant="ghost">
                Go to Messages
              </ButtonLink>
            </div>
          }
        >
          <p>
            {notFound
              ? 'This person does not exist, or their account is no longer active.'
              : errorMessage(open.error, 'The conversation could not be opened. Try again later.')}
          </p>
        </EmptyState>
      </div>
    </div>
  );
}
