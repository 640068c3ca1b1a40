import { usePageTitle } from '../../../lib/use-page-title';
import { ActivityTimeline } from '../components/activity-timeline';
import { QuestRequestsSection } from '../components/quest-requests-section';

export function ActivityPage() {
  usePageTitle('Activity');
  return (
    <div className="page">
      <h1 className="page__title">Activity</h1>
      <QuestRequestsSection />
      <ActivityTimeline />
    </div>
  );
}
