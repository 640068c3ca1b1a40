import { EXPORT_KEEP_DAYS, type DataExport } from '@doers/contract';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { IconDownload } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { useExports, useRequestExport } from '../api/exports-api';
import '../../../components/ui/state-panels.css';
import '../routes/safety-pages.css';
import { formatDate } from '../../../lib/dates';

const dateText = (iso: string) => formatDate(iso, 'dateLong');
const sizeText = (bytes: number) =>
  bytes < 1_000_000
    ? `${Math.max(1, Math.round(bytes / 1000))} KB`
    : `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * Preparing and downloading a copy of everything I made on Doers (docs/product/your-data.md):
 * on /settings/your-data, and on the one screen a suspended person has (/suspended).
 */
export function ExportSection({ title }: { title: string }) {
  const titleId = useId();
  const exports = useExports();
  const request = useRequestExport();
  const items = exports.data?.items ?? [];
  const preparing = items.some((e) => e.status === 'preparing');

  return (
    <section className="card safety-page__section" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {title}
      </h2>
      <p>
        A ZIP file with your profile, quests, check-ins, posts, comments, messages, vibes and
        reactions as JSON, and your own voice notes, photos and videos. Other people’s voices are
        not in it. We mail you when it is ready; it is kept for {EXPORT_KEEP_DAYS} days.
      </p>
      <Button
        icon={<IconDownload size={20} />}
        loading={request.isPending}
        disabled={preparing}
        onClick={() => request.mutate()}
      >
        Prepare my data
      </Button>
      {request.isError && <Alert>{errorMessage(request.error, 'Something went wrong')}</Alert>}
      {exports.isPending && <SkeletonList count={1} variant="row" label="Loading your exports" />}
      {exports.isError && (
        <ErrorState
          message={errorMessage(exports.error, 'Something went wrong')}
          onRetry={() => void exports.refetch()}
          retrying={exports.isFetching}
        />
      )}
      {items.length > 0 && (
        <ul className="my-reports" aria-label="Your exports">
          {items.map((e) => (
            <ExportLine key={e.id} item={e} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ExportLine({ item }: { item: DataExport }) {
  return (
    <li>
      <p>Asked for on {dateText(item.createdAt)}</p>
      {item.status === 'preparing' && (
        <p className="export-status" role="status">
          <Spinner size={16} /> Preparing your data…
        </p>
      )}
      {item.status === 'ready' && item.downloadUrl && (
        <>
          <a className="btn btn--secondary" href={item.downloadUrl} download>
            <IconDownload size={20} /> Download ({sizeText(item.sizeBytes ?? 0)})
          </a>
          {item.expiresAt && <p className="muted">Kept until {dateText(item.expiresAt)}.</p>}
        </>
      )}
      {item.status === 'expired' && <p className="muted">Expired: prepare a new one.</p>}
      {item.status === 'failed' && (
        <p className="report-status">This one failed. Please prepare it again.</p>
      )}
    </li>
  );
}
