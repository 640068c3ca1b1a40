import type { StatsReport } from '@doers/contract';
import { useMemo } from 'react';
import { checkIns, weekLabel } from '../stats-text';
import { WeeklyChart, type ChartSeries } from './weekly-chart';

const total = (values: number[]) => values.reduce((n, v) => n + v, 0);

/** The two week charts of /stats, loaded apart from the page (they bring Chart.js with them). */
export function WeeklyCharts({ weeks }: { weeks: StatsReport['weeks'] }) {
  const labels = useMemo(() => weeks.map((w) => weekLabel(w.weekStart)), [weeks]);
  const done = useMemo<ChartSeries[]>(
    () => [
      { label: 'Check-ins', values: weeks.map((w) => w.checkIns), colorToken: '--color-accent' },
    ],
    [weeks],
  );
  const received = useMemo<ChartSeries[]>(
    () => [
      { label: 'Smiles', values: weeks.map((w) => w.smiles), colorToken: '--color-accent' },
      { label: 'Vibes', values: weeks.map((w) => w.vibes), colorToken: '--color-primary' },
      { label: 'Hums', values: weeks.map((w) => w.hums), colorToken: '--color-success' },
    ],
    [weeks],
  );
  const [smiles, vibes, hums] = received.map((s) => total(s.values)) as [number, number, number];
  const thisWeek = weeks.at(-1)?.checkIns ?? 0;

  return (
    <>
      <section className="card stats-card">
        <WeeklyChart
          title="Check-ins per week"
          summary={`${checkIns(total(done[0]!.values))} in the last ${weeks.length} weeks, ${thisWeek} this week.`}
          labels={labels}
          series={done}
        />
      </section>
      <section className="card stats-card">
        <WeeklyChart
          title="Support received"
          summary={`In the last ${weeks.length} weeks: ${smiles} ${smiles === 1 ? 'smile' : 'smiles'}, ${vibes} ${vibes === 1 ? 'vibe' : 'vibes'} and ${hums} ${hums === 1 ? 'hum' : 'hums'}.`}
          labels={labels}
          series={received}
        />
      </section>
    </>
  );
}
