import type { PublicUser, UserStats } from '@doers/contract';
import { Link } from 'react-router';
import { IconLock } from '../../../components/ui/icons';
import { InterestChips } from '../../../components/ui/interest-chips';
import { VoicePlayer } from '../../../components/voice/voice-player';
import { vibesPath, type VibesTab } from '../../vibes';
import { profileBadges } from '../lib/badges';
import { profileFigures } from '../lib/profile-stats';
import { PROFILE_TUTORIAL_MARKERS } from '../lib/tutorial-markers';

interface SectionProps {
  person: PublicUser;
  isOwn: boolean;
}

const firstName = (person: PublicUser) => person.displayName || `@${person.username}`;

export function VoiceIntroSection({ person, isOwn }: SectionProps) {
  return (
    <section
      className="card"
      aria-labelledby="voice-intro-title"
      data-tutorial={isOwn ? PROFILE_TUTORIAL_MARKERS.voiceIntro : undefined}
    >
      <h2 id="voice-intro-title" className="card__title">
        Voice intro
      </h2>
      {person.voiceIntro ? (
        <VoicePlayer
          src={person.voiceIntro.url}
          peaks={person.voiceIntro.waveform}
          durationMs={person.voiceIntro.durationMs}
          label={`${firstName(person)}'s voice intro`}
          transcript={person.voiceIntro.transcript}
          editableMediaId={isOwn ? person.voiceIntro.mediaId : undefined}
        />
      ) : isOwn ? (
        <p className="muted">
          No voice intro yet. <Link to="/settings/profile#voice-intro">Record one</Link> so people
          hear who you are.
        </p>
      ) : (
        <p className="muted">{firstName(person)} has not recorded a voice intro yet.</p>
      )}
    </section>
  );
}

export function InterestsSection({ person, isOwn }: SectionProps) {
  return (
    <section
      className="card"
      aria-labelledby="interests-title"
      data-tutorial={isOwn ? PROFILE_TUTORIAL_MARKERS.interests : undefined}
    >
      <div className="profile-section__head">
        <h2 id="interests-title" className="card__title">
          Interests
        </h2>
        {isOwn && (
          <Link to="/settings/interests" className="profile-section__link">
            {person.interests.length > 0 ? 'Change' : 'Choose'}
            <span className="sr-only"> interests</span>
          </Link>
        )}
      </div>
      {person.interests.length > 0 ? (
        <InterestChips interests={person.interests} label="Interests" />
      ) : (
        <p className="muted">
          {isOwn ? 'You have not chosen any interests yet.' : 'No interests chosen yet.'}
        </p>
      )}
    </section>
  );
}

export function BadgesSection({ person }: { person: PublicUser }) {
  const badges = profileBadges(person.profile);
  return (
    <section className="card" aria-labelledby="badges-title">
      <h2 id="badges-title" className="card__title">
        Badges
      </h2>
      {badges.length > 0 ? (
        <ul className="badges" aria-label="Badges">
          {badges.map((badge) => (
            <li key={badge.id} className="badge">
              <span className="badge__emoji" aria-hidden="true">
                {badge.emoji}
              </span>
              {badge.label}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          No badges yet. Streaks of 7, 30, 100 and 365 days, a first quest and a first post each
          earn one.
        </p>
      )}
    </section>
  );
}

/** On my own profile these figures lead to their lists on /vibes. */
const FIGURE_LINKS: Partial<Record<string, VibesTab>> = {
  totalVibers: 'vibers',
  totalVibingWith: 'vibing',
  totalVibes: 'received',
};

export function StatsSection({ person, isOwn = false }: { person: PublicUser; isOwn?: boolean }) {
  const { stats } = person;
  return (
    <section className="card" aria-labelledby="stats-title">
      <h2 id="stats-title" className="card__title">
        Stats
      </h2>
      {stats ? (
        <StatFigures stats={stats} isOwn={isOwn} />
      ) : (
        <p className="muted">{firstName(person)} keeps their stats private.</p>
      )}
      {isOwn && (
        <p className="profile-stats__more">
          <Link to="/stats">All my stats</Link>
          <Link to="/leaderboard">Leaderboard</Link>
        </p>
      )}
    </section>
  );
}

function StatFigures({ stats, isOwn }: { stats: UserStats; isOwn: boolean }) {
  return (
    <dl className="stat-row profile-stats">
      {profileFigures(stats).map((figure) => {
        const tab = isOwn ? FIGURE_LINKS[figure.key] : undefined;
        return (
          <div key={figure.key} className="stat-row__item">
            <dt>{figure.label}</dt>
            <dd>
              {tab ? (
                <Link
                  to={vibesPath(tab)}
                  className="profile-stats__link"
                  aria-label={`${figure.label}: ${figure.value}, see the list`}
                >
                  {figure.value}
                </Link>
              ) : (
                figure.value
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * In place of what a private profile leaves out (docs/product/profiles.md#privacy): the same
 * mutual rule as vibers-only posts and quests.
 */
export function PrivateProfileSection({ person }: { person: PublicUser }) {
  return (
    <section className="card profile-private" aria-labelledby="private-profile-title">
      <h2 id="private-profile-title" className="card__title profile-private__title">
        <IconLock size={18} />
        This profile is private
      </h2>
      <p className="muted">
        Only people {firstName(person)} vibes with who also vibe with them see their bio, voice
        intro, interests, badges and stats. Their public quests and posts are below.
      </p>
    </section>
  );
}
