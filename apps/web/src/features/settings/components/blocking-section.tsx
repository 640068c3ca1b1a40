import { ButtonLink } from '../../../components/ui/button';

/** The way from /settings/privacy to the people I blocked (docs/product/blocking.md). */
export function BlockingSection() {
  return (
    <section className="card" aria-labelledby="blocking-title">
      <h2 id="blocking-title" className="card__title">
        Blocking
      </h2>
      <p className="muted">
        You and the people you block don&apos;t see or reach each other, whoever blocked whom. They
        are not told, and you can unblock them at any time.
      </p>
      <ButtonLink to="/settings/blocked-users" variant="secondary">
        Blocked people
      </ButtonLink>
    </section>
  );
}
