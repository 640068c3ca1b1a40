import { QUEST_CATEGORIES, type QuestCategory, type QuestTemplate } from '@doers/contract';
import { useId, useState } from 'react';
import { ErrorState } from '../../../../components/ui/state-panels';
import { errorMessage } from '../../../../lib/api-error';
import { useQuestTemplates } from '../api/use-quest-templates';
import { CATEGORY_LABELS, plural } from '../../common/lib/quest-labels';
import '../../../../components/ui/field.css';
import '../../../../components/ui/state-panels.css';
import './template-picker.css';

interface TemplatePickerProps {
  selectedId: string | null;
  onPick(template: QuestTemplate): void;
  onUndo(): void;
  canUndo: boolean;
  compact?: boolean;
}

function templateFacts(template: QuestTemplate): string {
  const tasks = plural(template.tasks.length, 'task');
  return template.targetDays ? `${tasks} · ${template.targetDays} days` : tasks;
}

export function TemplatePicker({
  selectedId,
  onPick,
  onUndo,
  canUndo,
  compact = false,
}: TemplatePickerProps) {
  const headingId = useId();
  const [category, setCategory] = useState<QuestCategory | 'all'>('all');
  const templates = useQuestTemplates();
  const all = templates.data?.templates ?? [];
  const categories = QUEST_CATEGORIES.filter((item) => all.some((t) => t.category === item));
  const shown = category === 'all' ? all : all.filter((t) => t.category === category);
  const selected = all.find((t) => t.id === selectedId);

  return (
    <section
      className={`template-picker${compact ? ' template-picker--compact' : ''}`}
      aria-labelledby={headingId}
    >
      <div className="template-picker__head">
        <h2 id={headingId} className="form-section__title">
          Start from a template
        </h2>
        <p className="field__hint">
          Pick one to fill in the form. You can change everything after.
        </p>
      </div>

      {templates.isPending && (
        <div className="template-picker__loading" role="status" aria-label="Loading templates">
          <span className="skeleton__block skeleton__block--chip" />
          <span className="skeleton__block skeleton__block--chip" />
          <span className="skeleton__block skeleton__block--chip" />
        </div>
      )}
      {templates.isError && (
        <ErrorState
          title="Templates did not load"
          message={`${errorMessage(templates.error, 'Something went wrong')}. You can still start from scratch.`}
          onRetry={() => void templates.refetch()}
          retrying={templates.isFetching}
        />
      )}

      {templates.isSuccess && all.length > 0 && (
        <>
          <div className="chip-row" role="group" aria-label="Filter templates by category">
            {(['all', ...categories] as const).map((item) => (
              <button
                key={item}
                type="button"
                className="chip"
                aria-pressed={category === item}
                onClick={() => setCategory(item)}
              >
                {item === 'all' ? 'All' : CATEGORY_LABELS[item]}
              </button>
            ))}
          </div>
          <ul className="template-grid" aria-label="Templates">
            {shown.map((template) => (
              <li key={template.id}>
                <button
                  type="button"
                  className="template-card"
                  aria-pressed={template.id === selectedId}
                  onClick={() => onPick(template)}
                >
                  <span className="template-card__emoji" aria-hidden="true">
                    {template.emoji}
                  </span>
                  <span className="template-card__title">{template.title}</span>
                  <span className="template-card__facts">{templateFacts(template)}</span>
                  {!compact && template.description && (
                    <span className="template-card__desc">{template.description}</span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}

      <p className="template-picker__status" role="status">
        {selected && (
          <>
            Started from <strong>{selected.title}</strong>.{' '}
            {canUndo && (
              <button type="button" className="text-link" onClick={onUndo}>
                Undo
              </button>
            )}
          </>
        )}
      </p>
    </section>
  );
}
