import { usePageTitle } from '../../../lib/use-page-title';
import { SettingsBackLink } from '../../../components/ui/settings-back-link';
import { DeleteAccountSection } from '../components/delete-account-section';
import { ExportSection } from '../components/export-section';
import './safety-pages.css';

/**
 * /settings/your-data (docs/product/your-data.md): a copy of everything I made on Doers, and
 * leaving with it.
 */
export function YourDataPage() {
  usePageTitle('Your data');
  return (
    <div className="page safety-page">
      <SettingsBackLink />
      <h1 className="safety-page__title">Your data</h1>
      <ExportSection title="Download a copy" />
      <DeleteAccountSection />
    </div>
  );
}
