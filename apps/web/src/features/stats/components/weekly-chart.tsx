import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface ChartSeries {
  label: string;
  values: number[];
  /** A colour token of styles/tokens.css, read when drawn: the chart follows the theme. */
  colorToken: string;
}

interface WeeklyChartProps {
  title: string;
  /** The chart in one sentence: what a screen reader hears instead of the picture. */
  summary: string;
  labels: string[];
  series: ChartSeries[];
}

const token = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * A bar chart of weeks (Chart.js, loaded with /stats only). The canvas is an image with a
 * one-sentence summary; the same numbers are one tap away as a table, for everyone.
 */
export function WeeklyChart({ title, summary, labels, series }: WeeklyChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const draw = () =>
      new Chart(element, {
        type: 'bar',
        data: {
          labels,
          datasets: series.map((s) => ({
            label: s.label,
            data: s.values,
            backgroundColor: token(s.colorToken),
            borderRadius: 4,
            maxBarThickness: 22,
          })),
        },
        options: {
          animation: reduceMotion ? false : { duration: 300 },
          maintainAspectRatio: false,
          plugins: {
            legend: {
              display: series.length > 1,
              labels: { color: token('--color-text'), boxWidth: 12 },
            },
          },
          scales: {
            x: { ticks: { color: token('--color-text-muted') }, grid: { display: false } },
            y: {
              beginAtZero: true,
              ticks: { color: token('--color-text-muted'), precision: 0 },
              grid: { color: token('--color-border') },
            },
          },
        },
      });
    let chart = draw();
    // The theme switch changes the tokens: draw again in the new colours.
    const themeWatch = new MutationObserver(() => {
      chart.destroy();
      chart = draw();
    });
    themeWatch.observe(document.documentElement, { attributeFilter: ['data-theme'] });
    return () => {
      themeWatch.disconnect();
      chart.destroy();
    };
  }, [labels, series]);

  return (
    <figure className="weekly-chart">
      <figcaption>
        <h2 className="card__title">{title}</h2>
      </figcaption>
      <div className="weekly-chart__canvas">
        <canvas ref={canvas} role="img" aria-label={`${title}: ${summary}`} />
      </div>
      <p className="muted weekly-chart__summary">{summary}</p>
      <details className="stats-table">
        <summary>Show as a table</summary>
        <table>
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.values[i]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
