import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { ObjectStorage } from '../../../platform/object-storage.js';
import { EXTENSIONS } from '../../media/index.js';
import type { PersonData } from './exports.repository.js';

const README = `Your data from Doers

profile.json     your account and profile
quests.json      the quests you own or joined, with their tasks
check-ins.json   every check-in
posts.json       your posts (voiceFile and attachmentFile name files in files/)
comments.json    your voice comments
messages.json    your voice messages: yours with their audio, others' as who and when
transcripts.json the words of your voice notes (file names its note in files/)
vibes.json       vibes you sent and received
reactions.json   your smiles and hums
files/           your voice notes, photos and videos, as stored
`;

/** The file name of a stored file inside the archive: its id and the extension of its type. */
export function archiveNameOf(file: { id: string; content_type: string }): string {
  return `files/${file.id}.${EXTENSIONS[file.content_type] ?? 'bin'}`;
}

/**
 * Writes the ZIP to `path`: JSON files (compressed) and the person's own stored files (as they
 * are: already compressed media). Answers the archive's size in bytes.
 */
export async function writeArchive(
  path: string,
  data: PersonData,
  storage: ObjectStorage,
): Promise<number> {
  const zip = new yazl.ZipFile();
  const done = pipeline(zip.outputStream, createWriteStream(path));
  const json = (name: string, value: unknown) =>
    zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), name);
  zip.addBuffer(Buffer.from(README), 'README.txt');
  json('profile.json', data.profile);
  json('quests.json', data.quests);
  json('check-ins.json', data.checkIns);
  json('posts.json', data.posts);
  json('comments.json', data.comments);
  json('messages.json', data.messages);
  json('transcripts.json', data.transcripts);
  json('vibes.json', data.vibes);
  json('reactions.json', data.reactions);
  // Each file is opened only when the archive reaches it: one open file at a time.
  for (const file of data.files) {
    if (!(await storage.exists(file.id))) continue;
    zip.addReadStreamLazy(archiveNameOf(file), { compress: false }, (done) => {
      storage.get(file.id).then(
        (stream) => done(null, stream),
        (error: unknown) => done(error as Error, undefined as never),
      );
    });
  }
  zip.end();
  await done;
  return (await stat(path)).size;
}
