import { escapeHtml, type Mail } from '../../../platform/mailer.js';

export function resetPasswordMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your Doers password',
    text: [
      `Hi ${name},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Doers account.',
      'Open this link within 1 hour to choose a new one:',
      '',
      link,
      '',
      "If you didn't ask for this, ignore this mail: your password stays as it is.",
      '',
      '— Doers',
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(name)},</p>
<p>Someone (hopefully you) asked to reset the password of your Doers account.
Open this link within 1 hour to choose a new one:</p>
<p><a href="${escapeHtml(link)}">Reset my password</a></p>
<p>If you didn't ask for this, ignore this mail: your password stays as it is.</p>
<p>— Doers</p>`,
  };
}
