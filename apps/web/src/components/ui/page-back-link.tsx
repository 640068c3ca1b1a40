import { Link } from 'react-router';
import { IconArrowLeft } from './icons';
import './page-back-link.css';

/** "← Somewhere" above a screen: the way back up, as a link (it works without history too). */
export function PageBackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="back-link">
      <IconArrowLeft size={18} />
      {children}
    </Link>
  );
}
