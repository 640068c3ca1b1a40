import type {
  AuditAction,
  ModerationAction,
  ReportCategory,
  ReportStatus,
  ReportTarget,
} from '@doers/contract';
import { formatDate } from '../../lib/dates';

export const CATEGORY_LABELS: Record<ReportCategory, { label: string; description: string }> = {
  spam: { label: 'Spam', description: 'Ads, scams, fake accounts, the same thing over and over' },
  harassment: { label: 'Harassment', description: 'Insults, threats, bullying, stalking' },
  hate: { label: 'Hate', description: 'Attacks on people for who they are' },
  'self-harm': {
    label: 'Self-harm',
    description: 'Someone may hurt themselves, or urges others to',
  },
  sexual: { label: 'Sexual content', description: 'Nudity or sexual content' },
  impersonation: { label: 'Impersonation', description: 'Pretending to be someone else' },
  other: { label: 'Something else', description: 'Tell us in the note' },
};

export const TARGET_NAMES: Record<ReportTarget, string> = {
  post: 'post',
  comment: 'voice comment',
  dm: 'voice message',
  user: 'person',
};

export const STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Being looked at',
  actioned: 'Action taken',
  dismissed: 'No action needed',
};

export const ACTION_LABELS: Record<ModerationAction, string> = {
  hide: 'Hide it',
  warn: 'Warn the person',
  suspend: 'Suspend the account',
  dismiss: 'Dismiss the reports',
};

/** "hid the post", "suspended the account until 3 Dec 2026": an audit line's verb. */
export function actionPhrase(a: {
  action: AuditAction;
  targetType: ReportTarget;
  suspendedUntil: string | null;
}): string {
  switch (a.action) {
    case 'hide':
      return `hid the ${TARGET_NAMES[a.targetType]}`;
    case 'warn':
      return 'warned the person';
    case 'suspend':
      return a.suspendedUntil
        ? `suspended the account until ${formatDate(a.suspendedUntil, 'date')}`
        : 'suspended the account until lifted';
    case 'dismiss':
      return `dismissed the reports on a ${TARGET_NAMES[a.targetType]}`;
    case 'lift':
      return 'lifted the suspension';
  }
}
