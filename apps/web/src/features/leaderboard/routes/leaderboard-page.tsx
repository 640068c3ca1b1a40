import { LEADERBOARD_BOARDS, type LeaderboardBoard, type LeaderboardScope } from '@doers/contract';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { IconStar } from '../../../components/ui/icons';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { SelectField } from '../../../components/ui/select-field';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { useAccount } from '../../../lib/auth/use-account';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBoard, useBoardScopes, useSaveLeaderboardSettings } from '../api/leaderboard-api';
import { BOARD_LABELS, myPlaceText } from '../board-labels';
import { BoardRow } from '../components/board-row';
import '../../../components/ui/state-panels.css';
import './leaderboard-page.css';

const boardOf = (value: string | null): LeaderboardBoard =>
  LEADERBOARD_BOARDS.find((b) => b === value) ?? 'week';

/**
 * /leaderboard (docs/product/leaderboard.md): this week's check-ins or the longest streaks,
 * among everyone, the people I vibe with, or a shared quest I am in; my own place always shown.
 * `?board=` and `?scope=` keep the choice in the address, so back and links work.
 */
export function LeaderboardPage() {
  usePageTitle('Leaderboard');
  const [params, setParams] = useSearchParams();
  const board = boardOf(params.get('board'));
  const scope: LeaderboardScope = params.get('scope') ?? 'everyone';
  const me = useAccount().data?.id;
  const scopes = useBoardScopes();
  const query = useBoard(board, scope);
  const show = useSaveLeaderboardSettings();

  const choose = (next: { board?: LeaderboardBoard; scope?: string }) => {
    const b = next.board ?? board;
    const s = next.scope ?? scope;
    setParams(
      { ...(b !== 'week' && { board: b }), ...(s !== 'everyone' && { scope: s }) },
      {
        replace: true,
      },
    );
  };

  const scopeOptions = [
    { value: 'everyone', label: 'Everyone' },
    { value: 'vibing', label: 'People you vibe with' },
    ...(scopes.data?.quests ?? []).map((q) => ({ value: q.id, label: `${q.emoji} ${q.title}` })),
  ];
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const mine = query.data?.pages[0]?.me;

  return (
    <div className="page leaderboard-page">
      <h1 className="leaderboard-page__title">Leaderboard</h1>
      <div className="board-switch" role="group" aria-label="Board">
        {LEADERBOARD_BOARDS.map((b) => (
          <button
            key={b}
            type="button"
            aria-pressed={b === board}
            className={`board-switch__option${b === board ? ' is-on' : ''}`}
            onClick={() => choose({ board: b })}
          >
            {BOARD_LABELS[b]}
          </button>
        ))}
      </div>
      <SelectField
        label="Among"
        value={scope}
        options={scopeOptions}
        onChange={(event) => choose({ scope: event.target.value })}
      />
      <p className="muted leaderboard-page__hint">
        {board === 'week'
          ? 'Check-ins since Monday, in each person’s own week.'
          : 'The longest streak each person has ever kept.'}
      </p>

      {mine && (
        <section className="card my-place" aria-label="Your place">
          <p>{myPlaceText(board, mine)}</p>
          {mine.hidden ? (
            <Button
              variant="secondary"
              loading={show.isPending}
              onClick={() => show.mutate({ hidden: false })}
            >
              Show me on the leaderboard
            </Button>
          ) : (
            mine.rank === null && (
              <ButtonLink variant="secondary" to="/quests">
                Go to my quests
              </ButtonLink>
            )
          )}
        </section>
      )}

      <section className="card leaderboard-panel" aria-label={`${BOARD_LABELS[board]} ranking`}>
        {query.isPending && (
          <SkeletonList count={5} variant="row" label="Loading the leaderboard" />
        )}
        {query.isError && (
          <ErrorState
            title="The leaderboard did not load"
            message={errorMessage(query.error, 'Something went wrong')}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        )}
        {query.isSuccess && items.length === 0 && (
          <EmptyState
            icon={<IconStar size={32} />}
            title={board === 'week' ? 'No check-ins yet this week' : 'No streaks yet'}
            level={2}
            action={<ButtonLink to="/quests">Check in on a quest</ButtonLink>}
          >
            <p>Be the first on this board: every check-in counts.</p>
          </EmptyState>
        )}
        {items.length > 0 && (
          <ol className="board-list">
            {items.map((entry) => (
              <BoardRow
                key={entry.user.id}
                entry={entry}
                board={board}
                isMe={entry.user.id === me}
              />
            ))}
          </ol>
        )}
        <LoadMoreButton query={query} label="Show more" variant="ghost" />
      </section>
      <p className="muted leaderboard-page__privacy">
        Rather not be ranked? <Link to="/settings/privacy">Hide me from the leaderboard</Link>
      </p>
    </div>
  );
}
