import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { IconArrowLeft, IconHome } from '../../../components/ui/icons';
import { Logo } from '../../../components/ui/logo';
import { usePageTitle } from '../../../lib/use-page-title';
import '../components/system-screen.css';

/** The 404 page of docs/product/app-shell.md, word for word. */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  const navigate = useNavigate();
  return (
    <main id="main" className="system-screen">
      <div className="system-screen__card card">
        <Logo size={36} />
        <p className="system-screen__code" aria-hidden="true">
          404
        </p>
        <h1 className="system-screen__title">Page Not Found</h1>
        <p className="system-screen__lead">
          The page you're looking for doesn't exist or may have been moved.
        </p>
        <div className="system-screen__actions">
          <Button
            variant="secondary"
            icon={<IconArrowLeft size={20} />}
            onClick={() => void navigate(-1)}
          >
            Go Back
          </Button>
          <Button icon={<IconHome size={20} />} onClick={() => void navigate('/feed')}>
            Go to Feed
          </Button>
        </div>
        <p className="muted system-screen__small">
          If you think this is a mistake, please contact support.
        </p>
      </div>
    </main>
  );
}
