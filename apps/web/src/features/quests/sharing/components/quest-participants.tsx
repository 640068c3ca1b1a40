import { SkeletonList, ErrorState } from '../../../../components/ui/state-panels';
import { errorMessage } from '../../../../lib/api-error';
import { selectSignedInUserId, useAuthStore } from '../../../../lib/auth/use-auth-store';
import { useQuestLeaderboard } from '../api/use-sharing';
import { ParticipantsList } from './participants-list';

/** The quest's leaderboard on its own page, for shared quests. */
export function QuestParticipants({ questId }: { questId: string }) {
  const board = useQuestLeaderboard(questId);
  const viewerId = useAuthStore(selectSignedInUserId);

  return (
    <section className="card" aria-labelledby="participants-title">
      <h2 id="participants-title" className="card__title">
        Who's in
      </h2>
      {board.isPending && <SkeletonList count={2} variant="row" label="Loading participants" />}
      {board.isError && (
        <ErrorState
          title="Participants did not load"
          message={errorMessage(board.error, 'Something went wrong')}
          onRetry={() => void board.refetch()}
          retrying={board.isFetching}
        />
      )}
      {board.isSuccess &&
        (board.data.participants.length > 1 ? (
          <ParticipantsList participants={board.data.participants} viewerId={viewerId} />
        ) : (
          <>
            <ParticipantsList participants={board.data.participants} viewerId={viewerId} />
            <p className="muted participants__empty">
              Nobody else yet. Share the link below to bring your people along.
            </p>
          </>
        ))}
    </section>
  );
}
