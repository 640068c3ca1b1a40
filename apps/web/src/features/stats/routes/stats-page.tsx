import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { IconFlame } from '../../../components/ui/icons';
import { ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useStatsReport } from '../api/stats-api';
import { CheckInCalendar } from '../components/check-in-calendar';
import { QuestCompletionList } from '../components/quest-completion-list';
import { days, statsFigures } from '../stats-text';
import '../../../components/ui/state-panels.css';
import './stats-page.css';

// The charts bring Chart.js: it loads after the figures, and only on this screen.
const WeeklyCharts = lazy(async () => ({
  default: (await import('../components/weekly-charts')).WeeklyCharts,
}));

/**
 * /stats (docs/product/stats.md): my streaks and every figure the server keeps, a year of
 * check-ins, weeks of check-ins and of support received, and how far each quest has come.
 */
export function StatsPage() {
  usePageTitle('Stats');
  const query = useStatsReport();
  const report = query.data;

  return (
    <div className="page stats-page">
      <h1 className="stats-page__title">Stats</h1>
      {query.isPending && <SkeletonList count={4} label="Loading your stats" />}
      {query.isError && (
        <ErrorState
          title="Your stats did not load"
          message={errorMessage(query.error, 'Something went wrong')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {report && (
        <>
          <section className="card streak-hero" aria-label="Streaks">
            <span className="streak-hero__flame" aria-hidden="true">
              <IconFlame size={36} />
            </span>
            <div>
              <p className="streak-hero__now">
                <strong>{days(report.figures.currentStreak)}</strong> current streak
              </p>
              <p className="muted">Longest: {days(report.figures.longestStreak)}</p>
            </div>
          </section>

          <section className="card stats-card" aria-labelledby="figures-title">
            <h2 id="figures-title" className="card__title">
              All my figures
            </h2>
            <dl className="figure-grid">
              {statsFigures(report.figures).map((f) => (
                <div key={f.key} className="figure-grid__item">
                  <dt>{f.label}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <CheckInCalendar report={report} />
          <Suspense fallback={<SkeletonList count={2} label="Loading the charts" />}>
            <WeeklyCharts weeks={report.weeks} />
          </Suspense>
          <QuestCompletionList quests={report.quests} />
          <p className="muted stats-page__more">
            See where you stand: <Link to="/leaderboard">Leaderboard</Link>
          </p>
        </>
      )}
    </div>
  );
}
