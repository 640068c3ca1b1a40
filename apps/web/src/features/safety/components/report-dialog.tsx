import {
  REPORT_CATEGORIES,
  REPORT_NOTE_MAX,
  type ReportCategory,
  type ReportTarget,
} from '@doers/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextareaField } from '../../../components/ui/textarea-field';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { useReport } from '../api/safety-api';
import { CATEGORY_LABELS, TARGET_NAMES } from '../safety-text';

const CHOICES = REPORT_CATEGORIES.map((c) => ({ value: c, ...CATEGORY_LABELS[c] }));

/**
 * "Report": why (a category) and, if they like, a short note. The team sees it in its queue;
 * the reporter hears back when it is handled.
 */
export function ReportDialog({
  open,
  onClose,
  targetType,
  targetId,
}: {
  open: boolean;
  onClose(): void;
  targetType: ReportTarget;
  targetId: string;
}) {
  const [category, setCategory] = useState<ReportCategory>('harassment');
  const [note, setNote] = useState('');
  const report = useReport();
  const what = TARGET_NAMES[targetType];

  const close = () => {
    report.reset();
    onClose();
  };
  const send = () =>
    report.mutate(
      { targetType, targetId, category, note },
      {
        onSuccess: () => {
          toast.success('Thanks for telling us. The team will look at it and let you know.');
          setNote('');
          close();
        },
      },
    );

  return (
    <ConfirmDialog
      open={open}
      title={`Report this ${what}`}
      confirmLabel="Send report"
      loading={report.isPending}
      onConfirm={send}
      onClose={close}
    >
      <ChoiceGroup<ReportCategory>
        legend="What is wrong?"
        name={`report-${targetId}`}
        value={category}
        choices={CHOICES}
        onChange={setCategory}
      />
      <TextareaField
        label="Anything to add? (optional)"
        value={note}
        maxLength={REPORT_NOTE_MAX}
        rows={3}
        onChange={(event) => setNote(event.target.value)}
        hint="Only the Doers team reads this."
      />
      {report.isError && (
        <Alert>{errorMessage(report.error, 'The report did not go through')}</Alert>
      )}
    </ConfirmDialog>
  );
}
