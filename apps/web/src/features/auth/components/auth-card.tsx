import type { ReactNode } from 'react';
import './auth-card.css';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    // Not a named region: <main> already frames the one card on the page, and naming it would
    // echo the page heading to assistive tech and to label-based lookups.
    <section className="auth-card card">
      <header className="auth-card__header">
        <h1 className="auth-card__title">{title}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
      </header>
      {children}
      {footer && <footer className="auth-card__footer">{footer}</footer>}
    </section>
  );
}
