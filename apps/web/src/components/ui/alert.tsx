import type { ReactNode } from 'react';
import { IconAlert, IconCheck, IconInfo } from './icons';
import './alert.css';

type Tone = 'error' | 'success' | 'info' | 'warning';

interface AlertProps {
  tone?: Tone;
  id?: string;
  title?: ReactNode;
  children: ReactNode;
  /** Errors interrupt (role=alert); everything else waits its turn (role=status). */
  live?: boolean;
}

const ICONS: Record<Tone, ReactNode> = {
  error: <IconAlert size={20} />,
  warning: <IconAlert size={20} />,
  success: <IconCheck size={20} />,
  info: <IconInfo size={20} />,
};

export function Alert({ tone = 'error', id, title, children, live = true }: AlertProps) {
  const role = live ? (tone === 'error' || tone === 'warning' ? 'alert' : 'status') : undefined;
  return (
    <div id={id} className={`alert alert--${tone}`} role={role}>
      <span className="alert__icon">{ICONS[tone]}</span>
      <div className="alert__body">
        {title && <p className="alert__title">{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  );
}
