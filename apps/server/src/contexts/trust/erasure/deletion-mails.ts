import { escapeHtml, type Mail } from '../../../platform/mailer.js';

/** "15 March 2026", as the mails and the login screen say dates. */
export const dayText = (at: Date) =>
  at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Sent when the account is deactivated: when it will be erased, and how to keep it. */
export function deletionScheduledMail(
  to: string,
  name: string,
  erasedAt: Date,
  signIn: string,
): Mail {
  const day = dayText(erasedAt);
  return {
    to,
    subject: 'Your Doers account will be deleted',
    text: [
      `Hi ${name},`,
      '',
      `Your Doers account is deactivated and will be erased for good on ${day}: your posts,`,
      'comments, voice messages you sent, quests, check-ins, reactions, vibes and files.',
      '',
      `Changed your mind? Sign in before then and your account stays: ${signIn}`,
      '',
      '— Doers',
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(name)},</p>
<p>Your Doers account is deactivated and will be erased for good on <strong>${day}</strong>: your
posts, comments, voice messages you sent, quests, check-ins, reactions, vibes and files.</p>
<p>Changed your mind? <a href="${escapeHtml(signIn)}">Sign in</a> before then and your account
stays.</p>
<p>— Doers</p>`,
  };
}

/** Sent as the erasure commits: the last mail Doers sends to this address. */
export function accountErasedMail(to: string, name: string): Mail {
  return {
    to,
    subject: 'Your Doers account has been deleted',
    text: [
      `Hi ${name},`,
      '',
      'Your Doers account and everything in it have been erased. We have not kept this address.',
      '',
      'Thank you for the quests you shared. — Doers',
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(name)},</p>
<p>Your Doers account and everything in it have been erased. We have not kept this address.</p>
<p>Thank you for the quests you shared. — Doers</p>`,
  };
}
