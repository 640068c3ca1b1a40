import type { PostPage } from '@doers/contract';

/** Each post's voice peaks as PostgreSQL wrote them ("0.1,0.52,…"), by post id. */
export type PeaksText = ReadonlyMap<string, string>;

/** Numbers, comma-separated, as JSON writes them (PostgreSQL writes a `real` so too). */
const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?`;
const NUMBERS = new RegExp(`^(?:${NUMBER}(?:,${NUMBER})*)?$`);
const MARK = '\u0000peaks:';
/** Only a `waveform` key's value matches: a quote inside any string is escaped as \". */
const MARKED = /"waveform":"\\u0000peaks:([0-9a-f-]{36})"/g;

/**
 * A feed page as JSON, its voice notes' peaks copied from PostgreSQL's text instead of parsed
 * into numbers and printed again: printing them was the slow part of the page's JSON.stringify
 * (docs/notes/feed-reads-lab.md, "2026-11-27: waveforms copied as text"). The page's posts carry
 * a null waveform where `peaks` has theirs.
 */
export function feedPageJson(page: PostPage, peaks: PeaksText): string {
  const items = page.items.map((post) => {
    const text = peaks.get(post.id);
    if (text === undefined) return post;
    // Not PostgreSQL's numbers after all: parsed, and printed as JSON.stringify would.
    const waveform = NUMBERS.test(text)
      ? `${MARK}${post.id}`
      : (JSON.parse(`[${text}]`) as number[]);
    return { ...post, voice: { ...post.voice, waveform } };
  });
  return JSON.stringify({ ...page, items }).replace(
    MARKED,
    (_, id: string) => `"waveform":[${peaks.get(id)!}]`,
  );
}
