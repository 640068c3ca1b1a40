import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { TUTORIALS } from '../lib/tutorial-catalogue';
import { TUTORIAL_IDS, type TutorialId, type TutorialStatus } from '../lib/tutorial-machine';
import { useTutorialStore } from '../lib/tutorial-store';
import './help-page.css';

/** The product in six lines, for someone who just arrived. */
const HOW: ReadonlyArray<[string, string]> = [
  ['Quests', 'A goal you pursue, with its tasks. Start one, or join someone else’s.'],
  [
    'Check-ins',
    'Check in every day you work on a quest. Days in a row build your streak; rest days keep it.',
  ],
  ['Voice posts', 'Share your progress as a voice note, with a photo or video if you like.'],
  [
    'Smiles, hums and vibes',
    'A smile says well done, a hum passes a post on to your vibers, a vibe cheers a person on.',
  ],
  ['Vibers', 'Vibe with people to see their posts; vibers-only posts are for mutual vibers.'],
  ['Safety', 'Block anyone, and report what breaks the rules from its “…” menu or flag.'],
];

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
      <section className="card" aria-labelledby="how-title">
        <h2 id="how-title" className="card__title">
          How Doers works
        </h2>
        <dl className="help-how">
          {HOW.map(([term, text]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
        <p className="muted">
          The rules: <Link to="/settings/terms">Terms of Service</Link> and{' '}
          <Link to="/settings/privacy-policy">Privacy Policy</Link>.
        </p>
      </section>
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
