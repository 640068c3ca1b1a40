import type { Post } from '@doers/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { haloColor } from '../../../components/ui/halo';
import { IconPlay } from '../../../components/ui/icons';
import { WaveformBars } from '../../../components/voice/waveform-bars';
import { toBars } from '../../../components/voice/waveform-peaks';

/** Recent public posts as square tiles; a tile opens the swipe feed at its post. */
export function PostGrid({ posts, interest }: { posts: readonly Post[]; interest: string | null }) {
  const suffix = interest ? `?interest=${encodeURIComponent(interest)}` : '';
  return (
    <ul className="explore-grid" aria-label="Recent public posts">
      {posts.map((post) => (
        <li key={post.id}>
          <Link to={`/explore/feed/${post.id}${suffix}`} className="explore-tile">
            <TileImage post={post} />
            <span className="explore-tile__author">
              <Avatar
                name={post.author.displayName || post.author.username}
                src={post.author.profilePictureUrl}
                size={28}
                ringColor={haloColor(post.author.colorTheme)}
              />
            </span>
            <span className="sr-only">{tileLabel(post)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function TileImage({ post }: { post: Post }) {
  const media = post.attachment;
  const image =
    media?.kind === 'photo' ? (media.thumbnailUrl ?? media.url) : (media?.posterUrl ?? null);
  if (image) {
    return (
      <>
        <img className="explore-tile__image" src={image} alt="" loading="lazy" />
        {media?.kind === 'video' && (
          <span className="explore-tile__badge" aria-hidden="true">
            <IconPlay size={14} />
          </span>
        )}
      </>
    );
  }
  // Voice only (or a video without a poster yet): the voice's waveform on the author's colour.
  return (
    <span
      className="explore-tile__voice"
      style={{ ['--tile-color' as string]: haloColor(post.author.colorTheme) }}
    >
      <WaveformBars values={toBars(post.voice.waveform ?? [], 16)} />
    </span>
  );
}

function tileLabel(post: Post): string {
  const name = post.author.displayName || `@${post.author.username}`;
  const what =
    post.attachment?.kind === 'photo'
      ? 'Voice post with a photo'
      : post.attachment?.kind === 'video'
        ? 'Voice post with a video'
        : 'Voice post';
  return `${what} by ${name}${post.quest ? `, on ${post.quest.title}` : ''}`;
}
