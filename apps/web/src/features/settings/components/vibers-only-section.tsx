import { Link } from 'react-router';
import { vibesPath } from '../../vibes';

/**
 * What "vibers only" means on a post or quest: the mutual rule (docs/product/vibes.md), which a
 * vibe sent to me never changes. Placed just above "Your vibers".
 */
export function VibersOnlySection() {
  return (
    <section className="card" aria-labelledby="vibers-only-title">
      <h2 id="vibers-only-title" className="card__title">
        Vibers-only posts and quests
      </h2>
      <p className="muted">
        Posts and quests you share with vibers are seen only by people you vibe with who also vibe
        with you. Sending you a vibe never unlocks them.
      </p>
      <p className="vibers-only__links">
        <a href="#vibers-title">Manage your vibers</a>
        <Link to={vibesPath('vibing')}>People you vibe with</Link>
      </p>
    </section>
  );
}
