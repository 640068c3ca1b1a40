import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { IconBell, IconChevronRight, IconSettings } from '../../../components/ui/icons';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMarkRead, useNotifications } from '../api/notifications-api';
import { useUnreadCounts } from '../api/use-unread-counts';
import { NotificationLine } from '../components/notification-line';
import { groupByDay } from '../lib/day-groups';
import '../../../components/ui/icon-button.css';
import '../../../components/ui/state-panels.css';
import './notifications-page.css';

/**
 * /notifications: the folded lines grouped by day, newest first, each a link to what it is
 * about. What the screen shows is marked read (the badge clears); lines that were new keep
 * their mark until the next visit. Pending quest requests lead to /activity, where they are
 * decided.
 */
export function NotificationsPage() {
  usePageTitle('Notifications');
  const query = useNotifications();
  const counts = useUnreadCounts(true);
  const markRead = useMarkRead();
  // One clock for the headings and the "5m"s, read when the screen opens.
  const [now] = useState(() => new Date());
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  // What the screen shows is marked read once. The cached lines keep `read: false` until the
  // next visit fetches them again, so what was new keeps its mark while the person looks.
  const sent = useRef(new Set<string>());
  const { mutate: markShownRead } = markRead;
  const data = query.data;
  useEffect(() => {
    const unread = (data?.pages ?? [])
      .flatMap((page) => page.items)
      .filter((v) => !v.read && !sent.current.has(v.id))
      .map((v) => v.id);
    if (unread.length === 0) return;
    for (const id of unread) sent.current.add(id);
    markShownRead(unread);
  }, [data, markShownRead]);

  const sentinel = useInfiniteScroll(query);

  return (
    <div className="page notifications-page">
      <div className="notifications-page__head">
        <h1 className="page__title">Notifications</h1>
        <Link to="/settings/notifications" className="icon-btn" aria-label="Notification settings">
          <IconSettings />
        </Link>
      </div>
      {counts.unreadQuestRequests > 0 && (
        <Link to="/activity" className="card notifications-requests">
          <span>
            <strong>Quest requests ({counts.unreadQuestRequests})</strong>
            <span className="muted notifications-requests__hint">
              People asking to join your quests: accept or decline them
            </span>
          </span>
          <IconChevronRight />
        </Link>
      )}
      {query.isPending ? (
        <SkeletonList count={5} variant="row" label="Loading notifications" />
      ) : query.isError ? (
        <ErrorState
          title="Notifications did not load"
          message={errorMessage(query.error, 'Something went wrong')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : items.length === 0 ? (
        <EmptyState icon={<IconBell />} title="Nothing yet" level={2}>
          <p>
            Smiles, vibes, hums, voice comments, messages and quest news will show up here. Post a
            voice note or check in to get things going.
          </p>
        </EmptyState>
      ) : (
        <>
          {groupByDay(items, now).map((group) => (
            <section key={group.heading} className="notifications-day" aria-label={group.heading}>
              <h2 className="notifications-day__title">{group.heading}</h2>
              <ul className="card notifications-list">
                {group.items.map((view) => (
                  <NotificationLine key={view.id} view={view} unread={!view.read} now={now} />
                ))}
              </ul>
            </section>
          ))}
          <div ref={sentinel} />
          <LoadMoreButton query={query} label="Show older notifications" variant="ghost" />
        </>
      )}
    </div>
  );
}

/** Loads the next page when the end of the list scrolls into view (the button stays for keys). */
function useInfiniteScroll(query: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}) {
  const ref = useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const element = ref.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return ref;
}
