import type { AuthResponse, CreateQuestRequest, Quest } from '@doers/contract';
import { expect } from 'vitest';
import type { TestServer } from './test-server.js';

export function questInput(overrides: Partial<CreateQuestRequest> = {}): CreateQuestRequest {
  return {
    title: 'Run every morning',
    description: 'Build the habit',
    category: 'fitness',
    emoji: '🏃',
    tasks: [{ title: 'Warm up' }, { title: 'Run 3 km' }],
    visibility: 'public',
    ...overrides,
  };
}

export async function createQuest(
  server: TestServer,
  auth: AuthResponse,
  overrides: Partial<CreateQuestRequest> = {},
  zone = 'UTC',
) {
  const res = await server.request<Quest>('POST', '/api/quests', {
    token: auth.tokens.accessToken,
    body: questInput(overrides),
    headers: { 'x-timezone': zone },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
