// The public face of the social context: what other contexts may use of it.
export { type MediaJson } from './posts/post-card.sql.js';
export { type PostCountersRepository } from './posts/post-counters.repository.js';
export { type TimelineRepository } from './posts/timeline.repository.js';
export { mediaRowOf } from './posts/post.presenter.js';
export { pendingRequestsFor } from './sharing/pending-requests.js';
