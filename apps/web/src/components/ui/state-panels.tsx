import type { ReactNode } from 'react';
import { Button } from './button';
import { IconAlert, IconRefresh } from './icons';
import './state-panels.css';

/** What a list shows while it loads: grey shapes of the rows to come, not a lone spinner. */
export function SkeletonList({
  count = 3,
  label = 'Loading',
  variant = 'card',
}: {
  count?: number;
  label?: string;
  variant?: 'card' | 'row';
}) {
  return (
    <div className="skeleton-list" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={`skeleton skeleton--${variant}`} aria-hidden="true">
          <span className="skeleton__block skeleton__block--avatar" />
          <span className="skeleton__lines">
            <span className="skeleton__block skeleton__block--title" />
            <span className="skeleton__block skeleton__block--text" />
          </span>
        </div>
      ))}
    </div>
  );
}

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** Heading level of the title inside the page outline. */
  level?: 2 | 3;
  /** A quiet one-row version for a section inside a card. */
  compact?: boolean;
}

export function EmptyState({
  icon,
  title,
  children,
  action,
  level = 2,
  compact = false,
}: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={`empty-state${compact ? ' empty-state--compact' : ''}`}>
      <span className="empty-state__icon" aria-hidden="true">
        {icon}
      </span>
      <Heading className="empty-state__title">{title}</Heading>
      {children && <div className="empty-state__text">{children}</div>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}

interface ErrorStateProps {
  title?: string;
  message: string;
  onRetry(): void;
  retrying?: boolean;
}

/** A failed load says what went wrong and offers a retry right there. */
export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  retrying = false,
}: ErrorStateProps) {
  return (
    <div className="error-state" role="alert">
      <span className="error-state__icon" aria-hidden="true">
        <IconAlert size={22} />
      </span>
      <div className="error-state__body">
        <p className="error-state__title">{title}</p>
        <p className="error-state__text">{message}</p>
      </div>
      <Button
        variant="secondary"
        icon={<IconRefresh size={18} />}
        loading={retrying}
        onClick={onRetry}
        className="error-state__retry"
      >
        Try again
      </Button>
    </div>
  );
}
