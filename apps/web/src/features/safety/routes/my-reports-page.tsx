import { IconCheck } from '../../../components/ui/icons';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { VoicePlayer } from '../../../components/voice/voice-player';
import { errorMessage } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { SettingsBackLink } from '../../../components/ui/settings-back-link';
import { useMyReports } from '../api/safety-api';
import { CATEGORY_LABELS, STATUS_LABELS, TARGET_NAMES } from '../safety-text';
import '../../../components/ui/state-panels.css';
import './safety-pages.css';
import { formatDate } from '../../../lib/dates';

/** /settings/reports: what I reported, and what came of each. */
export function MyReportsPage() {
  usePageTitle('Your reports');
  const query = useMyReports();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="page safety-page">
      <SettingsBackLink />
      <h1 className="safety-page__title">Your reports</h1>
      {query.isPending && <SkeletonList count={3} variant="row" label="Loading your reports" />}
      {query.isError && (
        <ErrorState
          title="Your reports did not load"
          message={errorMessage(query.error, 'Something went wrong')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {query.isSuccess && items.length === 0 && (
        <EmptyState icon={<IconCheck size={28} />} title="No reports">
          <p>When you report something, you can follow it here.</p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <ul className="card my-reports">
          {items.map((r) => (
            <li key={r.id}>
              <p>
                <strong>{CATEGORY_LABELS[r.category].label}</strong> · a{' '}
                {TARGET_NAMES[r.targetType]}, {formatDate(r.createdAt, 'date')}
              </p>
              <p className={`report-status report-status--${r.status}`}>
                {STATUS_LABELS[r.status]}
              </p>
              {r.note && <p className="my-reports__note">“{r.note}”</p>}
              {r.voice && (
                <VoicePlayer
                  src={r.voice.url}
                  label="your voice note"
                  peaks={r.voice.waveform}
                  durationMs={r.voice.durationMs}
                />
              )}
              {r.outcome && <p className="muted">{r.outcome}</p>}
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton query={query} label="Show older" variant="ghost" />
    </div>
  );
}
