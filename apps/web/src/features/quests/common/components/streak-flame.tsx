import { IconFlame } from '../../../../components/ui/icons';
import './streak-flame.css';

interface StreakFlameProps {
  count: number;
  /** Lit once today is checked in; a streak waiting for today's check-in glows softer. */
  lit?: boolean;
  size?: 'sm' | 'lg';
}

export function StreakFlame({ count, lit = true, size = 'sm' }: StreakFlameProps) {
  const state = count === 0 ? 'is-out' : lit ? 'is-lit' : 'is-waiting';
  return (
    <span
      className={`streak-flame streak-flame--${size} ${state}`}
      role="img"
      aria-label={`${count}-day streak`}
    >
      <IconFlame size={size === 'lg' ? 30 : 18} />
      <span className="streak-flame__count" aria-hidden="true">
        {count}
      </span>
    </span>
  );
}
