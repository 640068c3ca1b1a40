import { QUEST_STATUSES, type QuestStatus } from '@doers/contract';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { IconPlus } from '../../../../components/ui/icons';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useQuestList } from '../../common/api/use-quest-list';
import { QuestList } from '../components/quest-list';
import {
  isAtQuestLimit,
  QuestLimitNote,
  questLimitText,
} from '../../common/components/quest-limit-note';
import './quests-page.css';

const TAB_LABELS: Record<QuestStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  abandoned: 'Abandoned',
};

function statusFrom(value: string | null): QuestStatus {
  return QUEST_STATUSES.find((status) => status === value) ?? 'active';
}

export function QuestsPage() {
  usePageTitle('Quests');
  const [params] = useSearchParams();
  const status = statusFrom(params.get('status'));
  // The active list carries the limit, whichever tab is open.
  const active = useQuestList('active');
  const limit = active.data?.pages[0]?.activeLimit;
  const full = isAtQuestLimit(limit);
  const noteId = useId();

  return (
    <div className="page quests-page">
      <div className="page__head">
        <div>
          <h1 className="page__title">Quests</h1>
          {limit && (
            <p className={`limit-pill${full ? ' is-full' : ''}`}>
              {questLimitText(limit.used, limit.max)}
            </p>
          )}
        </div>
        {full ? (
          <Button icon={<IconPlus size={20} />} disabled aria-describedby={noteId}>
            Create
          </Button>
        ) : (
          <ButtonLink to="/quests/create" icon={<IconPlus size={20} />}>
            Create
          </ButtonLink>
        )}
      </div>
      {full && limit && <QuestLimitNote id={noteId} used={limit.used} max={limit.max} />}

      <nav className="segmented" aria-label="Quests by status">
        {QUEST_STATUSES.map((item) => (
          <Link
            key={item}
            to={item === 'active' ? '/quests' : `/quests?status=${item}`}
            className="segmented__item"
            aria-current={item === status ? 'page' : undefined}
            replace
          >
            {TAB_LABELS[item]}
          </Link>
        ))}
      </nav>

      <section className="page" aria-labelledby={`${noteId}-list`}>
        <h2 id={`${noteId}-list`} className="sr-only">
          {TAB_LABELS[status]} quests
        </h2>
        <QuestList status={status} canCreate={!full} />
      </section>
    </div>
  );
}
