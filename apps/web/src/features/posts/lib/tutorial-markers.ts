/**
 * Targets of the post tutorials (create-post, send-smile, send-vibe, voice-comment): the real
 * elements carry `data-tutorial="<marker>"`, and the tutorials feature reads the markers from
 * here instead of repeating strings.
 */
export const POST_TUTORIAL_MARKERS = {
  createButton: 'create-button',
  recordVoice: 'record-voice',
  addMedia: 'add-media',
  sharePost: 'share-post',
  smileButton: 'smile-button',
  vibeButton: 'post-vibe-button',
  commentButton: 'comment-button',
  commentRecorder: 'comment-recorder',
} as const;
