import type { Media } from '@doers/contract';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { TranscriptsRepository } from '../contexts/media/transcripts/transcripts.repository.js';
import { DmsRepository } from '../contexts/messaging/dms/dms.repository.js';
import type { UserRow } from '../contexts/accounts/users/users.repository.js';
import type { Clock } from '../platform/clock.js';
import type { Config } from '../platform/config.js';
import type { ObjectStorage } from '../platform/object-storage.js';
import { demoMedia } from './demo-media.js';
import { speechLikeTone } from './demo-posts.js';

const MINUTE = 60_000;

/**
 * A short voice conversation between Maya and Leo (real audio through the media pipeline, as
 * the demo posts), so /dms is alive: Maya listened to Leo's first message and answered, Leo
 * listened, and his last one waits unread on her badge. Each has the words its phone heard.
 * Without ffmpeg it is left out.
 */
export async function seedDemoDms(d: {
  db: Database;
  config: Config;
  log: Logger;
  clock: Clock;
  storage: ObjectStorage;
  maya: UserRow;
  leo: UserRow;
}): Promise<void> {
  const media = await demoMedia(d, 'demo messages');
  if (!media) return;
  const { maya, leo } = d;
  const script = [
    {
      from: leo,
      minutesAgo: 95,
      seconds: 4,
      hz: 125,
      listened: true,
      said: 'Run club tomorrow at seven? Meet at the bridge.',
    },
    {
      from: maya,
      minutesAgo: 80,
      seconds: 3,
      hz: 200,
      listened: true,
      said: "I'm in! Bringing the new shoes.",
    },
    { from: leo, minutesAgo: 12, seconds: 2, hz: 140, listened: false, said: 'See you there!' },
  ];
  const dms = new DmsRepository(d.db);
  const transcripts = new TranscriptsRepository(d.db);
  const now = d.clock.now().getTime();
  const notes: Media[] = [];
  for (const line of script) {
    notes.push(
      await media.withWorkDir(async (dir) => {
        const file = join(dir, 'demo.webm');
        await speechLikeTone(d.config.media.ffmpegPath, file, line.seconds, line.hz);
        return media.accept(line.from.id, 'dm', file, dir);
      }),
    );
  }
  await d.db.transaction(async (tx) => {
    const conversationId = await dms.create(tx, {
      id: randomUUID(),
      a: maya.id,
      b: leo.id,
      at: new Date(now - 100 * MINUTE),
    });
    for (const [i, line] of script.entries()) {
      const id = randomUUID();
      const at = new Date(now - line.minutesAgo * MINUTE);
      await media.attach(tx, {
        mediaId: notes[i]!.id,
        ownerId: line.from.id,
        type: 'dm',
        attachedId: id,
        isPublic: false,
        purpose: 'dm',
      });
      await dms.insertMessage(tx, {
        id,
        conversationId,
        senderId: line.from.id,
        voiceMediaId: notes[i]!.id,
        at,
      });
      await transcripts.insertIfNone(tx, {
        mediaId: notes[i]!.id,
        text: line.said,
        source: 'device',
        at,
      });
      if (line.listened) await dms.markListened(tx, id, new Date(at.getTime() + 5 * MINUTE));
    }
  });
  d.log.info({ messages: script.length }, 'demo messages seeded');
}
