import { transcriptsApi } from '@doers/contract';
import type { Route } from '../../../platform/router.js';
import type { TranscriptsService } from './transcripts.service.js';

export function transcriptsRoutes(route: Route, deps: { transcripts: TranscriptsService }): void {
  route(transcriptsApi.correct, ({ auth, params, body }) =>
    deps.transcripts.correct(auth.userId, params.id, body.text),
  );
}
