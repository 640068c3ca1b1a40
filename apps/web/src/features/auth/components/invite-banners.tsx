import type { Referrer } from '@doers/contract';
import { Avatar } from '../../../components/ui/avatar';
import { FounderStar } from '../../../components/ui/founder-star';
import { IconFlame, IconStar } from '../../../components/ui/icons';
import './invite-banners.css';

/**
 * A valid referrer shows an 'Invited by' banner with their name and picture
 * (docs/product/referrals-and-founders.md).
 */
export function InvitedByBanner({ referrer }: { referrer: Referrer }) {
  return (
    <div className="invite-banner" role="status">
      <Avatar
        name={referrer.displayName || referrer.username}
        src={referrer.profilePictureUrl}
        size={48}
      />
      <div className="invite-banner__text">
        <p className="invite-banner__label">Invited by</p>
        <p className="invite-banner__name">
          {referrer.displayName || referrer.username}
          {referrer.isFounder && <FounderStar size={14} />}
        </p>
        <p className="invite-banner__handle">@{referrer.username}</p>
      </div>
      <IconFlame className="invite-banner__flame" size={28} />
    </div>
  );
}

/** Founder mode shows a no-payment banner (docs/product/referrals-and-founders.md). */
export function FounderBanner() {
  return (
    <div className="invite-banner invite-banner--founder" role="status">
      <span className="invite-banner__badge">
        <IconStar size={24} />
      </span>
      <div className="invite-banner__text">
        <p className="invite-banner__label">Founder registration</p>
        <p className="invite-banner__name">No payment required</p>
        <p className="invite-banner__handle">
          You'll get the founder star, unlimited invites and the tools to look after the community.
        </p>
      </div>
    </div>
  );
}
