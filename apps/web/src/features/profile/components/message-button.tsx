import { TIER_LIMITS, type PublicUser } from '@doers/contract';
import { ButtonLink } from '../../../components/ui/button';
import { IconMessage } from '../../../components/ui/icons';
import { useAccount } from '../../../lib/auth/use-account';

/**
 * "Message" on someone's profile: opens the voice conversation with them (/dms/new/{userId}).
 * Not shown when my plan has no messages (dmDuration 0) or when either of us blocked the other;
 * their own setting is checked on opening, which says why when it refuses.
 */
export function MessageButton({ person }: { person: PublicUser }) {
  const dmDuration = useAccount().data?.limits.dmDuration ?? TIER_LIMITS.free.dmDuration;
  if (dmDuration <= 0 || person.viewer?.blockedByYou || person.viewer?.blocksYou) return null;
  const name = person.displayName || `@${person.username}`;
  return (
    <ButtonLink
      to={`/dms/new/${person.id}`}
      variant="secondary"
      icon={<IconMessage size={18} />}
      aria-label={`Message ${name}`}
    >
      Message
    </ButtonLink>
  );
}
