import { barsPath } from './waveform-path';
import './waveform-bars.css';

/**
 * Bars of `values` (0–1), each a vertical stroke of one path in a `values.length` × 100 box
 * stretched over the element: one node however many bars, where a span per bar made a feed's
 * players hundreds of flex items to lay out. The stroke keeps its width in screen pixels
 * (non-scaling), so bars stay round-capped lines at any size. Decorative: the control around
 * them carries the name.
 */
export function WaveformBars({ values, className }: { values: number[]; className?: string }) {
  return (
    <svg
      className={`waveform-bars${className ? ` ${className}` : ''}`}
      viewBox={`0 0 ${Math.max(values.length, 1)} 100`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <path d={barsPath(values)} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
