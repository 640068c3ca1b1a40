import { IconStar } from './icons';
import './founder-star.css';

/**
 * The founder badge star shown wherever a founder's name shows
 * (docs/product/referrals-and-founders.md).
 */
export function FounderStar({ size = 16 }: { size?: number }) {
  return (
    <span className="founder-star" title="Founder" role="img" aria-label="Founder">
      <IconStar size={size} />
    </span>
  );
}
