import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The reset link in a mail's text part (quoted-printable soft breaks undone). */
export function resetLinkIn(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text);
  if (!match) throw new Error(`no reset link in mail:\n${raw}`);
  return match[0];
}

/**
 * The newest reset link mailed to `email` in a server's outbox (DATA_DIR/outbox, where mail goes
 * without SMTP), waiting for it to arrive; links in `except` (already used) are passed over.
 */
export async function resetLinkInOutbox(
  outbox: string,
  email: string,
  options: { except?: Set<string>; withinMs?: number } = {},
): Promise<string> {
  const until = Date.now() + (options.withinMs ?? 10_000);
  do {
    // Named by the time they were written: newest first.
    const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const raw = await readFile(join(outbox, file), 'utf8');
      if (!raw.includes(`To: ${email}`)) continue;
      const link = resetLinkIn(raw);
      if (!options.except?.has(link)) return link;
    }
    await new Promise((ok) => setTimeout(ok, 50));
  } while (Date.now() < until);
  throw new Error(`no new reset mail to ${email} in ${outbox}`);
}
