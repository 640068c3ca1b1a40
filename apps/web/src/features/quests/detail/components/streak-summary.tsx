import type { StreakFigures } from '@doers/contract';
import { StreakFlame } from '../../common/components/streak-flame';
import './streak-summary.css';

/** The big flame with the current streak, then longest and total. */
export function StreakSummary({ figures, lit }: { figures: StreakFigures; lit: boolean }) {
  return (
    <section className="card streak-summary" aria-label="Your streak">
      <div className="streak-summary__main">
        <StreakFlame count={figures.currentStreak} lit={lit} size="lg" />
        <p className="streak-summary__label">day streak</p>
      </div>
      <dl className="stat-row stat-row--two">
        <div className="stat-row__item">
          <dt>Longest streak</dt>
          <dd>{figures.longestStreak}</dd>
        </div>
        <div className="stat-row__item">
          <dt>Total check-ins</dt>
          <dd>{figures.totalCheckIns}</dd>
        </div>
      </dl>
    </section>
  );
}
