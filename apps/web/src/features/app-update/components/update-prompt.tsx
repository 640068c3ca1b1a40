import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { getLocalStorage } from '../../../lib/storage';
import { applyUpdate } from '../lib/apply-update';
import { useVersionCheck } from '../lib/use-version-check';
import './update-prompt.css';

/** The 'Checking for updates...' pill and the 'Update Available' dialog. */
export function UpdatePrompt() {
  const { checking, update, later } = useVersionCheck();
  const [updating, setUpdating] = useState(false);

  return (
    <>
      {checking && (
        // Fades in after 300 ms (update-prompt.css): a quick check shows nothing.
        <div className="update-pill" role="status">
          Checking for updates...
        </div>
      )}
      <ConfirmDialog
        open={update !== null}
        title="Update Available"
        confirmLabel="Update Now"
        cancelLabel="Later"
        loading={updating}
        onConfirm={() => {
          setUpdating(true);
          void applyUpdate(getLocalStorage());
        }}
        onClose={later}
      >
        <p>A new version of Doers is ready</p>
        <p className="update-prompt__note">The app will reload automatically after updating</p>
      </ConfirmDialog>
    </>
  );
}
