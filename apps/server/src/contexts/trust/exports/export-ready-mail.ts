import { escapeHtml, type Mail } from '../../../platform/mailer.js';

/** "Your Doers data is ready": where to download it, and for how long. */
export function exportReadyMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Your Doers data is ready',
    text: [
      `Hi ${name},`,
      '',
      'The copy of your Doers data you asked for is ready. Download it, signed in, here:',
      '',
      link,
      '',
      'It is kept for 7 days.',
      '',
      '— Doers',
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(name)},</p>
<p>The copy of your Doers data you asked for is ready. Download it, signed in, here:</p>
<p><a href="${escapeHtml(link)}">Download my data</a></p>
<p>It is kept for 7 days.</p>
<p>— Doers</p>`,
  };
}
