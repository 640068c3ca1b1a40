import type { Media } from '@doers/contract';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Database, Queryable } from '../db/database.js';
import { TranscriptsRepository } from '../contexts/media/transcripts/transcripts.repository.js';
import { CommentsRepository } from '../contexts/social/posts/comments.repository.js';
import { PostsRepository } from '../contexts/social/posts/posts.repository.js';
import {
  ReactionsRepository,
  type Reaction,
} from '../contexts/social/posts/reactions.repository.js';
import { FeedCache } from '../contexts/social/posts/feed-cache.js';
import { TimelineRepository } from '../contexts/social/posts/timeline.repository.js';
import type { StatsService } from '../contexts/progress/stats/stats.service.js';
import type { UserRow } from '../contexts/accounts/users/users.repository.js';
import type { Clock } from '../platform/clock.js';
import type { Config } from '../platform/config.js';
import type { ObjectStorage } from '../platform/object-storage.js';
import type { MediaService } from '../contexts/media/media/media.service.js';
import { demoMedia } from './demo-media.js';

/** A demo quest a post may report on, with each participant's streak on it. */
export type DemoQuestRef = { id: string; title: string; streaks: Map<string, number> };

type DemoPost = {
  author: UserRow;
  hoursAgo: number;
  seconds: number;
  /** Pitch of the voice-like tone, so notes do not all sound alike. */
  hz: number;
  quest?: string;
  visibility: 'public' | 'vibers';
  /** What the note says, as its speaker's phone heard it: the demo reads like a real feed. */
  said: string;
  smiles: UserRow[];
  hums: UserRow[];
  comments: { by: UserRow; said: string }[];
};

const HOUR = 3_600_000;

/**
 * A few posts with real short voice notes (a speech-like warble made by ffmpeg and sent through
 * the media pipeline, so they play like any recording), some smiles, hums and voice comments, so
 * that the demo's feed is alive. Without ffmpeg the posts are left out, and said so.
 */
export async function seedDemoPosts(d: {
  db: Database;
  config: Config;
  log: Logger;
  clock: Clock;
  storage: ObjectStorage;
  stats: StatsService;
  people: [UserRow, UserRow, UserRow];
  quests: DemoQuestRef[];
}): Promise<void> {
  const media = await demoMedia(d, 'demo posts');
  if (!media) return;
  const [maya, leo, ana] = d.people;
  const questOf = (title: string | undefined) => d.quests.find((q) => q.title === title) ?? null;
  const demo: DemoPost[] = [
    {
      author: ana,
      hoursAgo: 30,
      seconds: 5,
      hz: 210,
      quest: 'Meditate daily',
      visibility: 'public',
      said: 'Ten minutes of sitting this morning. The mind wandered a lot, but I kept coming back.',
      smiles: [maya, leo],
      hums: [maya],
      comments: [{ by: maya, said: 'Coming back is the practice!' }],
    },
    {
      author: leo,
      hoursAgo: 20,
      seconds: 4,
      hz: 130,
      quest: 'Morning run club',
      visibility: 'public',
      said: 'Five kilometres in the rain. Slow, but done.',
      smiles: [maya],
      hums: [],
      comments: [],
    },
    {
      author: maya,
      hoursAgo: 6,
      seconds: 6,
      hz: 190,
      quest: 'Morning run club',
      visibility: 'public',
      said: 'New personal best on the river loop! Legs are jelly.\nThanks for the push yesterday, Leo.',
      smiles: [leo, ana],
      hums: [ana],
      comments: [
        { by: leo, said: 'Told you the hills pay off.' },
        { by: ana, said: 'So proud of you! Rest those legs today.' },
      ],
    },
    {
      author: maya,
      hoursAgo: 2,
      seconds: 3,
      hz: 240,
      visibility: 'vibers',
      said: 'Quick one: skipping the gym tonight, doing yoga at home.',
      smiles: [leo],
      hums: [],
      comments: [],
    },
  ];

  // Seeding runs before any page is read: nothing is kept to tell.
  const pages = new FeedCache();
  const posts = new PostsRepository(d.db, pages);
  const timeline = new TimelineRepository(d.db, pages);
  const reactions = new ReactionsRepository(d.db, pages, () => d.clock.now());
  const comments = new CommentsRepository(d.db, pages);
  const transcripts = new TranscriptsRepository(d.db);
  const now = d.clock.now().getTime();
  const voice = (owner: UserRow, purpose: 'post' | 'comment', seconds: number, hz: number) =>
    media.withWorkDir(async (dir) => {
      const file = join(dir, 'demo.webm');
      await speechLikeTone(d.config.media.ffmpegPath, file, seconds, hz);
      return media.accept(owner.id, purpose, file, dir);
    });

  for (const p of demo) {
    const id = randomUUID();
    const at = new Date(now - p.hoursAgo * HOUR);
    const quest = questOf(p.quest);
    const note = await voice(p.author, 'post', p.seconds, p.hz);
    const commentNotes: { person: UserRow; note: Media; said: string }[] = [];
    for (const [i, { by, said }] of p.comments.entries()) {
      commentNotes.push({
        person: by,
        said,
        note: await voice(by, 'comment', 2 + i, 160 + 40 * i),
      });
    }
    await d.db.transaction(async (tx) => {
      const isPublic = p.visibility === 'public';
      await media.attach(tx, {
        mediaId: note.id,
        ownerId: p.author.id,
        type: 'post',
        attachedId: id,
        isPublic,
        purpose: 'post',
      });
      await posts.insert(tx, {
        id,
        authorId: p.author.id,
        questId: quest?.id ?? null,
        questStreak: quest?.streaks.get(p.author.id) ?? 0,
        visibility: p.visibility,
        voiceMediaId: note.id,
        attachmentMediaId: null,
        createdAt: at,
      });
      await transcripts.insertIfNone(tx, { mediaId: note.id, text: p.said, source: 'device', at });
      await d.stats.countPost(tx, p.author.id, 1);
      await timeline.fanOutPost(tx, {
        postId: id,
        authorId: p.author.id,
        questId: quest?.id ?? null,
        vibersOnly: !isPublic,
        at,
      });
      const react = async (reaction: Reaction, person: UserRow, minutes: number) => {
        const when = new Date(at.getTime() + minutes * 60_000);
        await reactions.toggle(tx, { reaction, postId: id, userId: person.id, on: true, at: when });
        await d.stats.countReaction(tx, {
          kind: reaction,
          authorId: p.author.id,
          userId: person.id,
          delta: 1,
        });
        if (reaction === 'hum') {
          await timeline.fanOutHum(tx, {
            postId: id,
            authorId: p.author.id,
            hummerId: person.id,
            at: when,
          });
        }
      };
      for (const [i, person] of p.smiles.entries()) await react('smile', person, 5 + i);
      for (const [i, person] of p.hums.entries()) await react('hum', person, 20 + i);
      for (const [i, { person, note: voiceNote, said }] of commentNotes.entries()) {
        const when = new Date(at.getTime() + (30 + i * 10) * 60_000);
        await transcripts.insertIfNone(tx, {
          mediaId: voiceNote.id,
          text: said,
          source: 'device',
          at: when,
        });
        await addComment(tx, {
          media,
          comments,
          stats: d.stats,
          postId: id,
          postAuthorId: p.author.id,
          person,
          mediaId: voiceNote.id,
          isPublic,
          at: when,
        });
      }
    });
  }
  d.log.info({ posts: demo.length }, 'demo posts seeded');
}

async function addComment(
  tx: Queryable,
  c: {
    media: MediaService;
    comments: CommentsRepository;
    stats: StatsService;
    postId: string;
    postAuthorId: string;
    person: UserRow;
    mediaId: string;
    isPublic: boolean;
    at: Date;
  },
): Promise<void> {
  const id = randomUUID();
  await c.media.attach(tx, {
    mediaId: c.mediaId,
    ownerId: c.person.id,
    type: 'comment',
    attachedId: id,
    isPublic: c.isPublic,
    purpose: 'comment',
  });
  await c.comments.insert(tx, {
    id,
    postId: c.postId,
    authorId: c.person.id,
    voiceMediaId: c.mediaId,
    at: c.at,
  });
  await c.stats.countReaction(tx, {
    kind: 'comment',
    authorId: c.postAuthorId,
    userId: c.person.id,
    delta: 1,
  });
}

/**
 * A few seconds that sound like someone talking: a voice-range tone whose pitch wanders and
 * whose loudness comes in syllables and pauses, as Opus in WebM like a browser's recording.
 */
export function speechLikeTone(
  ffmpeg: string,
  file: string,
  seconds: number,
  hz: number,
): Promise<void> {
  const expr =
    `0.5*sin(2*PI*t*(${hz}+${Math.round(hz / 5)}*sin(2*PI*0.7*t)))` +
    `*sqrt(abs(sin(2*PI*2.2*t)))*(0.55+0.45*sin(2*PI*0.31*t))`;
  const args = [
    ...['-nostdin', '-v', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `aevalsrc=${expr}:s=48000:d=${seconds}`],
    ...['-c:a', 'libopus', '-b:a', '32k', file],
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg (demo voice) failed: ${err}`)),
    );
  });
}
