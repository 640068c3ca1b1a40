// @vitest-environment happy-dom
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Post, PostPage } from '@doers/contract';
import {
  QueryClient,
  QueryClientProvider,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '../../../lib/toast-store';
import { postKeys } from '../post-keys';
import { PostCard } from './post-card';

// The card against a real HTTP server standing in for the API: the app's own client sends the
// requests over the wire, and the cache shared with "other lists" is a real QueryClient.

type Answer = { status: number; body?: unknown; delayMs?: number };
let server: Server;
let received: Array<{ method: string; url: string; idempotencyKey: string | undefined }>;
let answer: Answer;

function reply(res: ServerResponse, { status, body }: Answer) {
  res.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  for await (const _chunk of req) {
    // drain
  }
  received.push({
    method: req.method ?? '',
    url: req.url ?? '',
    idempotencyKey: req.headers['idempotency-key'] as string | undefined,
  });
  const current = answer;
  if (current.delayMs) await new Promise((resolve) => setTimeout(resolve, current.delayMs));
  reply(res, current);
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The app's client calls '/api/…' on its own origin: make that origin the test server.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:${port}/feed`,
  );
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
  useToastStore.setState({ toasts: [] });
});
afterEach(cleanup);

const POST: Post = {
  id: '0b5f3c1e-8a55-4d39-9f1e-5d2a7c4b9e01',
  author: {
    id: '7d1f1c2e-0000-4000-8000-000000000001',
    username: 'ada',
    displayName: 'Ada',
    profilePictureUrl: null,
    isFounder: true,
    colorTheme: '#8B5CF6',
    haloIntensity: 0.8,
  },
  quest: {
    id: '3a9c2d1e-0000-4000-8000-000000000002',
    title: 'Morning pages',
    emoji: '📝',
    streak: 12,
  },
  visibility: 'public',
  voice: {
    id: '5c1e0000-0000-4000-8000-000000000003',
    kind: 'voice',
    purpose: 'post',
    contentType: 'audio/mp4',
    url: '/api/media/5c1e0000-0000-4000-8000-000000000003',
    thumbnailUrl: null,
    posterUrl: null,
    size: 2000,
    durationMs: 4000,
    waveform: [0.2, 0.6, 0.4],
    width: null,
    height: null,
    transcript: null,
    createdAt: '2026-11-23T10:00:00.000Z',
  },
  attachment: null,
  counts: { smiles: 3, hums: 0, vibes: 1, comments: 2 },
  viewer: { smiled: false, hummed: false, isAuthor: false, canHum: true },
  hummedBy: null,
  createdAt: '2026-11-23T10:00:00.000Z',
};

/** The feed's first post, subscribed to its query as the feed list is. */
function FeedCard() {
  const feed = useQuery<InfiniteData<PostPage, string | null>>({
    queryKey: postKeys.feed,
    enabled: false,
  });
  return feed.data ? <PostCard post={feed.data.pages[0]!.items[0]!} /> : null;
}

function renderCard(post: Post = POST) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  // The same post held by two lists, as the feed and the post's page hold it.
  queryClient.setQueryData<InfiniteData<PostPage, string | null>>(postKeys.feed, {
    pages: [{ items: [post], nextCursor: null }],
    pageParams: [null],
  });
  queryClient.setQueryData(postKeys.detail(post.id), post);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <FeedCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient };
}

describe('PostCard', () => {
  it('shows who, the quest with the streak, and names each reaction with its count', () => {
    renderCard();
    expect(screen.getByRole('article', { name: 'Post by Ada' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Founder' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Quest: Morning pages, 12-day streak' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Smile, 3 smiles' }).getAttribute('aria-pressed'),
    ).toBe('false');
    expect(screen.getByRole('button', { name: 'Hum, 0 hums' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a vibe, 1 vibe' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Comments, 2 comments' }).getAttribute('href')).toBe(
      `/posts/${POST.id}#comments`,
    );
  });

  it('smiles at once in every list, with an Idempotency-Key, and keeps the server counts', async () => {
    answer = {
      status: 200,
      delayMs: 150,
      body: { smiled: true, hummed: false, counts: { smiles: 5, hums: 0, vibes: 1, comments: 2 } },
    };
    const { queryClient } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Smile, 3 smiles' }));
    // Before the server answers: pressed, one more, and the post's page holds the same.
    const pressed = await screen.findByRole('button', { name: 'Smile, 4 smiles' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(queryClient.getQueryData<Post>(postKeys.detail(POST.id))?.counts.smiles).toBe(4);
    await screen.findByRole('button', { name: 'Smile, 5 smiles' });
    expect(queryClient.getQueryData<Post>(postKeys.detail(POST.id))?.counts.smiles).toBe(5);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'PUT', url: `/api/posts/${POST.id}/smile` });
    expect(received[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('goes back and says why when the server refuses', async () => {
    answer = {
      status: 404,
      delayMs: 100,
      body: { message: 'Post not found', statusCode: 404 },
    };
    const { queryClient } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Hum, 0 hums' }));
    expect(
      (await screen.findByRole('button', { name: 'Hum, 1 hum' })).getAttribute('aria-pressed'),
    ).toBe('true');
    await screen.findByRole('button', { name: 'Hum, 0 hums' });
    expect(queryClient.getQueryData<Post>(postKeys.detail(POST.id))?.viewer.hummed).toBe(false);
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => [t.type, t.message])).toEqual([
        ['error', 'Post not found'],
      ]),
    );
  });

  it("says why one's own post cannot be hummed, and sends nothing", async () => {
    renderCard({
      ...POST,
      viewer: { smiled: false, hummed: false, isAuthor: true, canHum: false },
    });
    const hum = screen.getByRole('button', { name: 'Hum, 0 hums' });
    expect(hum.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(hum.getAttribute('aria-describedby')!)?.textContent).toBe(
      "You can't hum your own post.",
    );
    await act(async () => {
      fireEvent.click(hum);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(received).toHaveLength(0);
    expect(useToastStore.getState().toasts[0]?.message).toBe("You can't hum your own post.");
    // Own post: the vibe count shows without a button to vibe oneself.
    expect(screen.queryByRole('button', { name: /Send a vibe/ })).toBeNull();
  });
});
