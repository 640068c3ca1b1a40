import { exportsApi } from '@doers/contract';
import type { Route } from '../../../platform/router.js';
import type { ExportsService } from './exports.service.js';

export function exportsRoutes(route: Route, deps: { exports: ExportsService }): void {
  const { exports } = deps;
  route(exportsApi.request, ({ auth }) => exports.request(auth.userId));
  route(exportsApi.list, ({ auth }) => exports.list(auth.userId));
  route(exportsApi.file, async ({ params, query, reply }) => {
    const file = await exports.open(params.id, query);
    void reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-store');
    if (file.size !== undefined) void reply.header('content-length', String(file.size));
    return reply.send(file.stream);
  });
}
