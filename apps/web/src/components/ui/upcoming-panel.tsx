import type { ReactNode } from 'react';
import './upcoming-panel.css';

interface UpcomingPanelProps {
  icon: ReactNode;
  title: string;
  /** Names what will be here, plainly: no fake content, no lorem ipsum. */
  children: ReactNode;
  actions?: ReactNode;
}

export function UpcomingPanel({ icon, title, children, actions }: UpcomingPanelProps) {
  return (
    <section className="upcoming card" aria-labelledby="upcoming-title">
      <span className="upcoming__icon">{icon}</span>
      <h2 id="upcoming-title" className="upcoming__title">
        {title}
      </h2>
      <div className="upcoming__text">{children}</div>
      <p className="upcoming__note">Coming soon</p>
      {actions && <div className="upcoming__actions">{actions}</div>}
    </section>
  );
}
