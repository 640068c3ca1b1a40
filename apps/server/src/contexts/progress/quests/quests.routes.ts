import { questsApi } from '@doers/contract';
import type { Route } from '../../../platform/router.js';
import type { QuestsService } from './quests.service.js';

export function questsRoutes(route: Route, deps: { quests: QuestsService }): void {
  const { quests } = deps;
  route(questsApi.templates, ({ query }) => ({ templates: quests.templates(query.category) }));
  route(questsApi.list, ({ auth, query, now }) => quests.list(auth.userId, query, now));
  route(questsApi.ofUser, ({ auth, params, query, now }) =>
    quests.ofUser(auth.userId, params.id, query, now),
  );
  route(questsApi.create, ({ auth, body, now }) => quests.create(auth.userId, body, now));
  route(questsApi.get, ({ auth, params, now }) => quests.get(auth.userId, params.id, now));
  route(questsApi.update, ({ auth, params, body, now }) =>
    quests.update(auth.userId, params.id, body, now),
  );
  route(questsApi.complete, ({ auth, params, now }) =>
    quests.setStatus(auth.userId, params.id, 'completed', now),
  );
  route(questsApi.abandon, ({ auth, params, now }) =>
    quests.setStatus(auth.userId, params.id, 'abandoned', now),
  );
  route(questsApi.delete, ({ auth, params, now }) => quests.delete(auth.userId, params.id, now));
}
