import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { VibersList, VibingList } from '../components/relations';
import { ReceivedVibes, SentVibes } from '../components/vibe-entries';
import { VIBES_TAB_LABELS, VIBES_TABS, vibesTabOf, type VibesTab } from '../vibes-tabs';
import '../../../components/ui/button.css';
import '../../../components/ui/state-panels.css';
import './vibes-page.css';

const INTROS: Record<VibesTab, string> = {
  received: 'Vibes people sent you, with their reasons.',
  sent: 'Vibes you sent, with your reasons.',
  vibers: 'People who vibe with you. Mutual vibers see your vibers-only posts and quests.',
  vibing: 'People you vibe with: their posts come to your feed.',
};

/**
 * /vibes: vibes received and sent, who vibes with me and whom I vibe with
 * (docs/product/vibes.md#the-vibes-screen). Tabs follow the WAI tabs pattern: arrow keys, Home
 * and End move between them; `?tab=` keeps the choice in the address, so back and links work.
 */
export function VibesPage() {
  usePageTitle('Vibes');
  const [params, setParams] = useSearchParams();
  const tab = vibesTabOf(params.get('tab'));
  const id = useId();
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});
  // One clock for the list's "5m ago"s, read when the screen opens.
  const [now] = useState(() => new Date());

  const choose = (next: VibesTab, focus = false) => {
    setParams(next === 'received' ? {} : { tab: next }, { replace: true });
    if (focus) tabs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = VIBES_TABS.indexOf(tab);
    const moves: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      Home: 0,
      End: VIBES_TABS.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(VIBES_TABS[(to + VIBES_TABS.length) % VIBES_TABS.length]!, true);
  };

  return (
    <div className="page vibes-page">
      <h1 className="vibes-page__title">Vibes</h1>
      <div className="vibes-tabs" role="tablist" aria-label="Vibes" onKeyDown={onKeyDown}>
        {VIBES_TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={name === tab}
            aria-controls={`${id}-panel`}
            tabIndex={name === tab ? 0 : -1}
            className={`vibes-tabs__tab${name === tab ? ' is-on' : ''}`}
            onClick={() => choose(name)}
          >
            {VIBES_TAB_LABELS[name]}
          </button>
        ))}
      </div>
      <section
        className="card vibes-panel"
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-${tab}-tab`}
      >
        <p className="muted vibes-panel__intro">{INTROS[tab]}</p>
        {tab === 'received' && <ReceivedVibes now={now} />}
        {tab === 'sent' && <SentVibes now={now} />}
        {tab === 'vibers' && <VibersList />}
        {tab === 'vibing' && <VibingList />}
      </section>
    </div>
  );
}
