import './waveform-bars.css';

/** The lowest a bar is drawn, so silence still reads as a line of bars. */
const FLOOR = 0.08;

/** Bars of `values` (0–1); decorative, the control around them carries the name. */
export function WaveformBars({ values, className }: { values: number[]; className?: string }) {
  return (
    <span className={`waveform-bars${className ? ` ${className}` : ''}`} aria-hidden="true">
      {values.map((value, index) => (
        <span
          key={index}
          className="waveform-bars__bar"
          style={{ height: `${Math.round((FLOOR + (1 - FLOOR) * value) * 100)}%` }}
        />
      ))}
    </span>
  );
}
