import { useEffect, useState, type CSSProperties } from 'react';
import './celebration-burst.css';

const PIECES = 16;
const COLORS = ['var(--color-accent)', 'var(--color-primary)', '#ffd36b', 'var(--color-success)'];

/** Fixed, not random: the burst looks the same every time. */
function piece(index: number): CSSProperties {
  const angle = (index / PIECES) * Math.PI * 2 - Math.PI / 2;
  const distance = 70 + (index % 3) * 22;
  return {
    '--dx': `${Math.round(Math.cos(angle) * distance)}px`,
    '--dy': `${Math.round(Math.sin(angle) * distance - 20)}px`,
    '--rot': `${(index * 47) % 360}deg`,
    '--delay': `${(index % 4) * 30}ms`,
    '--color': COLORS[index % COLORS.length],
  } as CSSProperties;
}

/**
 * A short burst of flames and confetti from the middle of its (position: relative) parent.
 * Decorative only: the toast says what happened, and with reduced motion the CSS hides it.
 * Render it with a new `key` to play it again.
 */
export function CelebrationBurst() {
  const [playing, setPlaying] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setPlaying(false), 1400);
    return () => clearTimeout(timer);
  }, []);

  if (!playing) return null;
  return (
    <span className="burst" aria-hidden="true">
      {Array.from({ length: PIECES }, (_, index) => (
        <span
          key={index}
          className={index % 2 ? 'burst__piece burst__piece--confetti' : 'burst__piece'}
          style={piece(index)}
        >
          {index % 2 ? '' : '🔥'}
        </span>
      ))}
    </span>
  );
}
