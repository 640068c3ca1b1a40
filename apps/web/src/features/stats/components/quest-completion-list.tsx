import type { StatsReport } from '@doers/contract';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { IconFlame } from '../../../components/ui/icons';
import { EmptyState } from '../../../components/ui/state-panels';
import { completionText } from '../stats-text';

/** How far each quest I am in has come, as a bar and in words. */
export function QuestCompletionList({ quests }: { quests: StatsReport['quests'] }) {
  return (
    <section className="card stats-card" aria-labelledby="completion-title">
      <h2 id="completion-title" className="card__title">
        Quest completion
      </h2>
      {quests.length === 0 ? (
        <EmptyState
          icon={<IconFlame size={28} />}
          title="No quests yet"
          level={3}
          compact
          action={<ButtonLink to="/quests/create">Start a quest</ButtonLink>}
        >
          <p>Your quests and how far each has come will show here.</p>
        </EmptyState>
      ) : (
        <ul className="completion-list">
          {quests.map((q) => {
            const text = completionText(q);
            return (
              <li key={q.questId} className="completion">
                <div className="completion__head">
                  <Link to={`/quests/${q.questId}`} className="completion__title">
                    <span aria-hidden="true">{q.emoji}</span> {q.title}
                  </Link>
                  {q.status === 'completed' && <span className="completion__done">Completed</span>}
                </div>
                <progress
                  className="completion__bar"
                  value={Math.round(q.completion * 100)}
                  max={100}
                  aria-label={`${q.title}: ${text}`}
                />
                <p className="muted completion__text">
                  {text}
                  {q.measure === 'days-so-far' && ' · no target set'}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
