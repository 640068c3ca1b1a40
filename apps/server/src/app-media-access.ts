import type { DmsService } from './contexts/messaging/dms/dms.service.js';
import type { MediaAccess } from './contexts/media/media/media-access.js';
import type { CommentsService } from './contexts/social/posts/comments.service.js';
import type { PostsService } from './contexts/social/posts/posts.service.js';
import type { ProfilesService } from './contexts/accounts/users/profiles.service.js';

/**
 * Who may fetch a file attached to each kind of thing (contexts/media/media/media-access.ts): each line
 * a module's two answers, asked on every request for the file. Who may see it (a signed-in
 * viewer the thing lets in), and how far the thing is shown now (to anyone, to some people, to
 * nobody). Media never calls a module above it; they answer through these.
 */
export function registerMediaAccess(
  access: MediaAccess,
  m: {
    posts: PostsService;
    comments: CommentsService;
    dms: DmsService;
    profiles: ProfilesService;
  },
): void {
  const { posts, comments, dms, profiles } = m;
  access.register(
    'post',
    (viewerId, postId) => posts.mayViewMedia(viewerId, postId),
    (postId) => posts.shownAs(postId),
  );
  access.register(
    'comment',
    (viewerId, commentId) => comments.mayViewMedia(viewerId, commentId),
    (commentId) => comments.shownAs(commentId),
  );
  // A message's file is heard by the two people of its conversation, until a moderator hides it.
  access.register(
    'dm',
    (viewerId, messageId) => dms.mayViewMedia(viewerId, messageId),
    (messageId) => dms.shownAs(messageId),
  );
  // A picture is for anyone; a voice intro follows the profile's privacy; both go with the account.
  access.register(
    'avatar',
    async () => false,
    (userId) => profiles.pictureShown(userId),
  );
  access.register(
    'voice-intro',
    (viewerId, userId) => profiles.mayHearIntro(viewerId, userId),
    (userId) => profiles.introShown(userId),
  );
}
