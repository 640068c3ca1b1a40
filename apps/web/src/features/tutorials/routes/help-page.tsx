import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { TUTORIALS } from '../lib/tutorial-catalogue';
import { TUTORIAL_IDS, type TutorialId, type TutorialStatus } from '../lib/tutorial-machine';
import { useTutorialStore } from '../lib/tutorial-store';
import './help-page.css';

const STATUS_LABELS: Record<TutorialStatus, string> = {
  pending: 'Not started',
  completed: 'Completed',
  skipped: 'Skipped',
};

/** /settings/help: every tutorial with where it stands, to watch again or reset. */
export function HelpPage() {
  usePageTitle('Help');
  const status = useTutorialStore((state) => state.status);
  const navigate = useNavigate();

  // Replaying one already seen makes it pending again; it starts on the screen it is about.
  const play = (id: TutorialId) => {
    void navigate(TUTORIALS[id].startPath);
    useTutorialStore.getState().replay(id);
  };

  return (
    <div className="page help-page">
      <h1 className="page__title">Help</h1>
      <section className="card" aria-labelledby="tutorials-title">
        <h2 id="tutorials-title" className="card__title">
          Tutorials
        </h2>
        <p className="muted">Short guided tours of what you can do on Doers.</p>
        <ul className="help-tutorials">
          {TUTORIAL_IDS.map((id) => (
            <li key={id} className="help-tutorials__item">
              <div>
                <p className="help-tutorials__title">{TUTORIALS[id].title}</p>
                <p className="muted help-tutorials__status">
                  {STATUS_LABELS[status[id]]} · {TUTORIALS[id].steps.length} steps
                </p>
              </div>
              <Button
                variant="secondary"
                onClick={() => play(id)}
                aria-label={`${status[id] === 'pending' ? 'Start' : 'Replay'} ${TUTORIALS[id].title}`}
              >
                {status[id] === 'pending' ? 'Start' : 'Replay'}
              </Button>
            </li>
          ))}
        </ul>
        <Button
          variant="ghost"
          onClick={() => {
            useTutorialStore.getState().reset();
            toast.success('Tutorials reset: they will show again as you use the app.');
          }}
        >
          Reset all tutorials
        </Button>
      </section>
      <section className="card" aria-labelledby="contact-title">
        <h2 id="contact-title" className="card__title">
          Contact support
        </h2>
        <p>
          Something not working, or an idea? Write to{' '}
          <a href="mailto:support@doers.app">support@doers.app</a>.
        </p>
      </section>
    </div>
  );
}
