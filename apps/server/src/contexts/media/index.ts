// The public face of the media context: what other contexts may use of it.
export { type Shown, type UrlSigner } from './media/media-access.js';
export { EXTENSIONS, publicMediaUrl } from './media/media-serving.js';
export { type MediaRow } from './media/media.repository.js';
export { type MediaService } from './media/media.service.js';
export { transcriptOf, transcriptTextOf, voiceJson } from './transcripts/transcript.sql.js';
export { type TranscriptsService } from './transcripts/transcripts.service.js';
