import { addDays, type Quest } from '@doers/contract';
import type { ReactNode } from 'react';
import { IconGlobe, IconLock, IconUsers } from '../../../../components/ui/icons';
import { formatDayLong } from '../../../../lib/days';
import { CATEGORY_LABELS, plural, VISIBILITY_LABELS } from '../lib/quest-labels';
import './quest-header.css';

const VISIBILITY_ICONS: Record<Quest['visibility'], ReactNode> = {
  public: <IconGlobe size={16} />,
  vibers: <IconUsers size={16} />,
  private: <IconLock size={16} />,
};

function targetText(quest: Pick<Quest, 'targetDays' | 'endDate' | 'startedOn'>): string | null {
  if (quest.targetDays) {
    return `Target: ${plural(quest.targetDays, 'day')} (until ${formatDayLong(addDays(quest.startedOn, quest.targetDays - 1))})`;
  }
  if (quest.endDate) return `Target: until ${formatDayLong(quest.endDate)}`;
  return null;
}

interface QuestHeaderProps {
  quest: Omit<Quest, 'viewer'>;
  /** Headline level: the page's h1. */
  actions?: ReactNode;
  byline?: ReactNode;
}

export function QuestHeader({ quest, actions, byline }: QuestHeaderProps) {
  const target = targetText(quest);
  return (
    <header className="card quest-header">
      <div className="quest-header__top">
        <span className="quest-header__emoji" aria-hidden="true">
          {quest.emoji}
        </span>
        <div className="quest-header__titles">
          <h1 className="quest-header__title">{quest.title}</h1>
          <ul className="tag-row" aria-label="About this quest">
            <li className="tag">{CATEGORY_LABELS[quest.category]}</li>
            <li className="tag">
              {VISIBILITY_ICONS[quest.visibility]}
              {VISIBILITY_LABELS[quest.visibility]}
            </li>
            {quest.allowOthersToJoin && (
              <li className="tag">
                <IconUsers size={16} />
                {quest.participantLimit
                  ? `${quest.participantCount} of ${quest.participantLimit} joined`
                  : plural(quest.participantCount, 'person', 'people')}
              </li>
            )}
            {quest.status !== 'active' && (
              <li className={`tag tag--${quest.status}`}>
                {quest.status === 'completed' ? 'Completed' : 'Abandoned'}
              </li>
            )}
          </ul>
        </div>
      </div>
      {byline}
      {quest.description && <p className="quest-header__desc">{quest.description}</p>}
      {target && <p className="muted quest-header__target">{target}</p>}
      {actions && <div className="button-row quest-header__actions">{actions}</div>}
    </header>
  );
}
