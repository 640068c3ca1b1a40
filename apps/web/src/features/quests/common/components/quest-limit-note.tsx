import { TIER_LIMITS } from '@doers/contract';
import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { plural } from '../lib/quest-labels';

interface QuestLimitNoteProps {
  used: number;
  max: number;
  id?: string;
}

/** '1 of 1 active quest', and when it is full, why Create is unavailable and what to do. */
export function questLimitText(used: number, max: number): string {
  return `${used} of ${plural(max, 'active quest')}`;
}

export function isAtQuestLimit(limit: { used: number; max: number } | undefined): boolean {
  return Boolean(limit && limit.used >= limit.max);
}

export function QuestLimitNote({ used, max, id }: QuestLimitNoteProps) {
  return (
    <div id={id}>
      <Alert
        tone="warning"
        title={`You're at your limit: ${questLimitText(used, max)}`}
        live={false}
      >
        <p>Complete or leave a quest to start another.</p>
        {max < TIER_LIMITS.champion.quests && (
          <Link to="/settings/support-tier" className="text-link">
            Raise your limit with a support tier
          </Link>
        )}
      </Alert>
    </div>
  );
}
