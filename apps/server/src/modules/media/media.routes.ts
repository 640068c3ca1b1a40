import { mediaApi } from '@doers/contract';
import { HttpError } from '../../platform/errors.js';
import type { Route } from '../../platform/router.js';

const notYet = () => {
  throw new HttpError(501, 'Media uploads are not ready yet');
};

/** The media endpoints; the pipeline behind them lands next (issue 8). */
export function mediaRoutes(route: Route): void {
  route(mediaApi.upload, notYet);
  route(mediaApi.finishResumable, notYet);
  route(mediaApi.remove, notYet);
  route(mediaApi.file, notYet);
  route(mediaApi.variant, notYet);
}
