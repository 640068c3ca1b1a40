import { UpcomingPanel } from '../../../components/ui/upcoming-panel';
import { usePageTitle } from '../../../lib/use-page-title';
import type { UpcomingScreen } from '../upcoming-screens';

export function UpcomingPage({ screen }: { screen: UpcomingScreen }) {
  usePageTitle(screen.title);
  return (
    <div className="page">
      <h1 className="page__title">{screen.title}</h1>
      <UpcomingPanel icon={screen.icon} title={`${screen.title} is on its way`}>
        <p>{screen.description}</p>
      </UpcomingPanel>
    </div>
  );
}
