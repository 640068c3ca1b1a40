import { Link } from 'react-router';
import { IconArrowLeft } from '../../../../components/ui/icons';
import './page-back-link.css';

export function PageBackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="back-link">
      <IconArrowLeft size={18} />
      {children}
    </Link>
  );
}
