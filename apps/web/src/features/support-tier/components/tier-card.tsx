import type { TierOffer } from '@doers/contract';
import type { ReactNode } from 'react';
import { IconCheck } from '../../../components/ui/icons';
import { limitLines, priceText, TIER_NAMES } from '../tier-text';

/** One tier: its name, price and limits; mine is marked; `action` is its button, if any. */
export function TierCard({
  offer,
  isMine,
  action,
}: {
  offer: TierOffer;
  isMine: boolean;
  action?: ReactNode;
}) {
  const name = TIER_NAMES[offer.tier];
  return (
    <li className={`card tier-card${isMine ? ' is-mine' : ''}`} aria-label={`${name} tier`}>
      <div className="tier-card__head">
        <h2 className="tier-card__name">{name}</h2>
        {isMine && <span className="tier-card__mine">Your tier</span>}
      </div>
      <p className="tier-card__price">{priceText(offer.price)}</p>
      <ul className="tier-card__limits">
        {limitLines(offer.limits).map((line) => (
          <li key={line}>
            <IconCheck size={16} /> {line}
          </li>
        ))}
      </ul>
      {action}
    </li>
  );
}
