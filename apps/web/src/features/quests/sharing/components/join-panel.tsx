import type { SharedQuest } from '@doers/contract';
import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { IconCheck, IconQr, IconUsers } from '../../../../components/ui/icons';
import { errorMessage } from '../../../../lib/api-error';
import { toast } from '../../../../lib/toast-store';
import { useJoinQuest } from '../api/use-sharing';
import { useQuestList } from '../../common/api/use-quest-list';
import { joinState } from '../lib/join-state';
import { QUEST_TUTORIAL_MARKERS } from '../../common/lib/tutorial-markers';
import { isAtQuestLimit, QuestLimitNote } from '../../common/components/quest-limit-note';
import './join-panel.css';

/** The call to action of a shared quest, from "Join Doers" to "Open quest". */
export function JoinPanel({ shared }: { shared: SharedQuest }) {
  const { quest } = shared;
  const owner = `@${quest.owner.username}`;
  const state = joinState(shared);
  const join = useJoinQuest(quest.id);
  // Joining counts toward the active-quest limit: say so before the server has to.
  const active = useQuestList('active', state === 'join' || state === 'request');
  const limit = active.data?.pages[0]?.activeLimit;
  const full = isAtQuestLimit(limit);
  const navigate = useNavigate();
  const location = useLocation();
  const joining = useRef(false);

  async function joinQuest() {
    if (joining.current) return; // a double tap: the first press is on its way
    joining.current = true;
    try {
      const result = await join.mutateAsync();
      if (result.status === 'joined') {
        toast.success(
          `You're in! ${quest.emoji} ${quest.title}. Check in today to start your streak.`,
        );
        void navigate(`/quests/${quest.id}`);
      } else {
        toast.success(`Request sent. ${owner} will let you know.`);
      }
    } catch (error) {
      toast.error(errorMessage(error, 'Could not join the quest'));
    } finally {
      joining.current = false;
    }
  }

  let title: string;
  let text: string;
  let action = null;
  switch (state) {
    case 'sign-up':
      title = `Join Doers to take this quest with ${owner}`;
      text =
        "Doers is social media for doers: quests, daily check-ins and streaks, with friends. It's free, and you join through a friend's invite.";
      action = (
        <>
          <ButtonLink to="/qr-scan" variant="accent" block icon={<IconQr size={20} />}>
            Join Doers
          </ButtonLink>
          <p className="join-panel__signin">
            Already a Doer?{' '}
            <ButtonLink to="/login" variant="ghost" state={{ from: location.pathname }}>
              Sign in
            </ButtonLink>
          </p>
        </>
      );
      break;
    case 'open':
      title = shared.viewer?.role === 'owner' ? 'This is your quest' : "You're on this quest";
      text = shared.viewer?.checkedInToday
        ? 'You checked in today. Nice.'
        : 'Today is still open: go check in.';
      action = (
        <ButtonLink to={`/quests/${quest.id}`} block>
          Open quest
        </ButtonLink>
      );
      break;
    case 'pending':
      title = 'Request sent';
      text = `${owner} approves who joins this quest. You'll get a notification when they answer.`;
      action = (
        <Button block disabled icon={<IconCheck size={20} />}>
          Request sent
        </Button>
      );
      break;
    case 'declined':
      title = 'Your request was declined';
      text = `${owner} is keeping this quest small for now. Plenty of others to join, or start your own.`;
      action = (
        <ButtonLink to="/quests/create" variant="secondary" block>
          Start your own quest
        </ButtonLink>
      );
      break;
    case 'ended':
      title = quest.status === 'completed' ? 'This quest is complete' : 'This quest has ended';
      text = 'It no longer takes new people, but it might inspire your own.';
      action = (
        <ButtonLink to="/quests/create" variant="secondary" block>
          Start your own quest
        </ButtonLink>
      );
      break;
    case 'closed':
      title = 'A solo quest';
      text = `${owner} is doing this one alone. Cheer them on, or start your own.`;
      action = (
        <ButtonLink to="/quests/create" variant="secondary" block>
          Start your own quest
        </ButtonLink>
      );
      break;
    case 'full':
      title = 'This quest is full';
      text = `All ${quest.participantLimit} places are taken.`;
      action = (
        <ButtonLink to="/quests/create" variant="secondary" block>
          Start your own quest
        </ButtonLink>
      );
      break;
    case 'join':
    case 'request':
      title = `Take this quest with ${owner}`;
      text =
        state === 'request'
          ? `${owner} approves who joins. You keep your own check-ins and streak.`
          : 'You keep your own check-ins and streak, and see how everyone is doing.';
      action = (
        <>
          <Button
            variant="accent"
            block
            icon={<IconUsers size={20} />}
            loading={join.isPending}
            aria-describedby={full ? 'join-panel-limit' : undefined}
            data-tutorial={QUEST_TUTORIAL_MARKERS.joinButton}
            onClick={() => void joinQuest()}
          >
            {state === 'request' ? 'Request to join' : 'Join quest'}
          </Button>
          {full && limit && (
            <QuestLimitNote id="join-panel-limit" used={limit.used} max={limit.max} />
          )}
        </>
      );
      break;
  }

  return (
    <section className={`card join-panel join-panel--${state}`} aria-labelledby="join-panel-title">
      <h2 id="join-panel-title" className="join-panel__title">
        {title}
      </h2>
      <p className="muted">{text}</p>
      <div className="join-panel__action">{action}</div>
    </section>
  );
}
