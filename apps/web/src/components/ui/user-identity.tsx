import { Avatar } from './avatar';
import { FounderStar } from './founder-star';
import './user-identity.css';

interface UserIdentityProps {
  displayName: string;
  username: string;
  isFounder: boolean;
  pictureUrl?: string | null;
  ringColor?: string;
  /** profile.haloIntensity: the glow of the ring, where a profile shows it. */
  haloIntensity?: number;
  size?: 'md' | 'lg';
}

/** Name, @username and the founder star, the same everywhere a person is shown. */
export function UserIdentity({
  displayName,
  username,
  isFounder,
  pictureUrl,
  ringColor,
  haloIntensity,
  size = 'md',
}: UserIdentityProps) {
  const name = displayName || username;
  return (
    <div className={`identity identity--${size}`}>
      <Avatar
        name={name}
        src={pictureUrl}
        size={size === 'lg' ? 88 : 56}
        ringColor={ringColor}
        haloIntensity={haloIntensity}
      />
      <div className="identity__text">
        <p className="identity__name">
          <span>{name}</span>
          {isFounder && <FounderStar size={size === 'lg' ? 18 : 15} />}
        </p>
        <p className="identity__handle">@{username}</p>
      </div>
    </div>
  );
}
