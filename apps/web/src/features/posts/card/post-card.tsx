import { memo } from 'react';
import type { Post } from '@doers/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { FounderStar } from '../../../components/ui/founder-star';
import { clampHaloIntensity, haloColor } from '../../../components/ui/halo';
import { VoicePlayer } from '../../../components/voice/voice-player';
import { timeAgo, timeAgoLong } from '../lib/time-ago';
import { useNow } from '../lib/use-now';
import { PostActions } from './post-actions';
import { PostAttachment } from './post-attachment';
import { PostMenu } from './post-menu';
import './post-card.css';

export interface PostCardProps {
  post: Post;
  /** On the post's own page the card is the page's subject: its heading level and no self-link. */
  standalone?: boolean;
  /** After the author deleted it (the post page leaves for the feed). */
  onDeleted?: () => void;
  /** The swipe feed: the transcript's first line shows while it is folded. */
  transcriptPreview?: boolean;
}

export function profilePath(person: { id: string }, isMe: boolean): string {
  return isMe ? '/profile' : `/users/${person.id}`;
}

/**
 * A post: who (halo avatar, name, founder star, @username), when, the quest it reports on with
 * the streak then, why it is in the feed (hummed by), the voice note, the photo or video, and
 * the reactions with their counts. Drawn again only when its post changes (the query cache keeps
 * an unchanged post the same object), not each time the list around it does.
 */
export const PostCard = memo(function PostCard({
  post,
  standalone = false,
  onDeleted,
  transcriptPreview,
}: PostCardProps) {
  const now = useNow();
  const { author } = post;
  const name = author.displayName || `@${author.username}`;
  const authorPath = profilePath(author, post.viewer.isAuthor);
  const Heading = standalone ? 'h1' : 'h2';
  return (
    <article className="post-card card" aria-label={`Post by ${name}`} data-post-id={post.id}>
      {post.hummedBy && (
        <p className="post-card__hummed">
          Hummed by <Link to={`/users/${post.hummedBy.id}`}>@{post.hummedBy.username}</Link>
        </p>
      )}
      <header className="post-card__head">
        <Link to={authorPath} className="post-card__avatar" tabIndex={-1} aria-hidden="true">
          <Avatar
            name={name}
            src={author.profilePictureUrl}
            size={44}
            ringColor={haloColor(author.colorTheme)}
            haloIntensity={clampHaloIntensity(author.haloIntensity)}
          />
        </Link>
        <div className="post-card__who">
          <Heading className="post-card__name">
            <Link to={authorPath}>{name}</Link>
            {author.isFounder && <FounderStar size={14} />}
          </Heading>
          <p className="post-card__meta">
            <span>@{author.username}</span>
            <span aria-hidden="true"> · </span>
            {standalone ? (
              <time dateTime={post.createdAt} title={timeAgoLong(post.createdAt, now)}>
                <span aria-hidden="true">{timeAgo(post.createdAt, now)}</span>
                <span className="sr-only">{timeAgoLong(post.createdAt, now)}</span>
              </time>
            ) : (
              <Link to={`/posts/${post.id}`} className="post-card__time">
                <time dateTime={post.createdAt} title={timeAgoLong(post.createdAt, now)}>
                  <span aria-hidden="true">{timeAgo(post.createdAt, now)}</span>
                  <span className="sr-only">Posted {timeAgoLong(post.createdAt, now)}</span>
                </time>
              </Link>
            )}
            {post.visibility === 'vibers' && (
              <>
                <span aria-hidden="true"> · </span>
                <span>Vibers only</span>
              </>
            )}
          </p>
        </div>
        <PostMenu post={post} onDeleted={onDeleted} />
      </header>
      {post.quest && (
        <Link
          to={`/quests/${post.quest.id}`}
          className="post-card__quest"
          aria-label={`Quest: ${post.quest.title}${
            post.quest.streak > 0 ? `, ${post.quest.streak}-day streak` : ''
          }`}
        >
          <span aria-hidden="true">{post.quest.emoji}</span>
          <span className="post-card__quest-title">{post.quest.title}</span>
          {post.quest.streak > 0 && (
            <span className="post-card__streak" aria-hidden="true">
              🔥 {post.quest.streak}
            </span>
          )}
        </Link>
      )}
      <VoicePlayer
        src={post.voice.url}
        label={`voice note by ${name}`}
        peaks={post.voice.waveform}
        durationMs={post.voice.durationMs}
        className="post-card__voice"
        transcript={post.voice.transcript}
        editableMediaId={post.viewer.isAuthor ? post.voice.id : undefined}
        transcriptPreview={transcriptPreview}
      />
      {post.attachment && <PostAttachment media={post.attachment} authorName={name} />}
      <PostActions post={post} />
    </article>
  );
});
