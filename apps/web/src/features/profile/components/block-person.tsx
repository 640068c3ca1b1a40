import type { PublicUser } from '@doers/contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { ReportDialog } from '../../safety';
import { useBlockUser } from '../api/block-api';
import './blocking.css';

/**
 * "More" under someone's profile actions: "Report @username" (docs/product/safety.md), and
 * "Block @username", which asks first and says what blocking does (docs/product/blocking.md).
 */
export function BlockPerson({ person }: { person: PublicUser }) {
  const block = useBlockUser(person.id);
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const menuId = useId();

  const confirm = () => {
    block.mutate(undefined, {
      onSuccess: () => {
        toast.success(`You blocked @${person.username}`);
        setAsking(false);
        setOpen(false);
      },
      onError: (error) => toast.error(errorMessage(error, 'Something went wrong. Try again.')),
    });
  };

  return (
    <div className="profile-more">
      <Button
        variant="ghost"
        block
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        More
      </Button>
      <div id={menuId} className="profile-more__menu" hidden={!open}>
        <Button variant="secondary" block onClick={() => setReporting(true)}>
          Report @{person.username}
        </Button>
        <Button variant="danger" block onClick={() => setAsking(true)}>
          Block @{person.username}
        </Button>
      </div>
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        targetType="user"
        targetId={person.id}
      />
      <ConfirmDialog
        open={asking}
        title={`Block @${person.username}?`}
        confirmLabel="Block"
        tone="danger"
        loading={block.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        You won&apos;t see each other&apos;s posts, comments, quests, vibes or profile, and neither
        of you can vibe with or react to the other. Any vibing between you ends. They are not told,
        and you can unblock them at any time in Settings.
      </ConfirmDialog>
    </div>
  );
}
