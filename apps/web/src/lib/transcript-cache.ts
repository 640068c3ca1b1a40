import type { Transcript } from '@doers/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * A corrected transcript, written into every cached query that holds its voice note: a post in
 * the feed, Explore, a profile or its page, a comment, a voice intro (`mediaId`), the account.
 * The answers are plain JSON, so one walk finds the note wherever it rides.
 */
export function setTranscriptEverywhere(
  queryClient: QueryClient,
  mediaId: string,
  transcript: Transcript,
): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = withTranscript(data, mediaId, transcript);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}

/** `value` with the note's transcript replaced; the same object where nothing changed. */
export function withTranscript(value: unknown, mediaId: string, transcript: Transcript): unknown {
  if (Array.isArray(value)) {
    const next = value.map((item: unknown) => withTranscript(item, mediaId, transcript));
    return next.some((item, index) => item !== value[index]) ? next : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if ('transcript' in record && (record['id'] === mediaId || record['mediaId'] === mediaId)) {
    return { ...record, transcript };
  }
  let changed: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(record)) {
    const next = withTranscript(item, mediaId, transcript);
    if (next !== item) (changed ??= { ...record })[key] = next;
  }
  return changed ?? value;
}
