// @vitest-environment happy-dom
import type { Transcript, User } from '@doers/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountKeys } from '../../lib/auth/account-keys';
import { useAuthStore } from '../../lib/auth/use-auth-store';
import { withTranscript } from '../../lib/transcript-cache';
import { VoicePlayer } from './voice-player';

const WORDS: Transcript = { text: 'Ran five kilometres today', source: 'server', editedBy: null };

function renderPlayer(props: Partial<Parameters<typeof VoicePlayer>[0]>, alwaysShow = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(accountKeys.of('me'), {
    alwaysShowTranscripts: alwaysShow,
  } as Partial<User> as User);
  return render(
    <QueryClientProvider client={queryClient}>
      <VoicePlayer
        src="/media/a.m4a"
        label="voice note"
        peaks={[0.5]}
        durationMs={3000}
        {...props}
      />
    </QueryClientProvider>,
  );
}

beforeEach(() => useAuthStore.setState({ userId: 'me', isAuthenticated: true }));
afterEach(() => {
  cleanup();
  useAuthStore.setState({ userId: null, isAuthenticated: false });
});

describe('a voice player with a transcript', () => {
  it('says nothing about a transcript when there is none', () => {
    renderPlayer({ transcript: null });
    expect(screen.queryByRole('button', { name: 'Transcript' })).toBeNull();
    expect(screen.getByRole('group').getAttribute('aria-describedby')).toBeNull();
  });

  it('folds the words under "Transcript", and describes the player with them while folded', () => {
    renderPlayer({ transcript: WORDS });
    const toggle = screen.getByRole('button', { name: 'Transcript' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    const describedBy = screen.getByRole('group').getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe(WORDS.text);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
  });

  it('opens from the start with "Always show transcripts", and says who corrected it', () => {
    renderPlayer({ transcript: { ...WORDS, editedBy: 'maya' } }, true);
    expect(screen.getByRole('button', { name: 'Transcript' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getByText('edited by @maya')).toBeTruthy();
  });

  it('offers "Edit transcript" to the speaker only', () => {
    renderPlayer({ transcript: WORDS, editableMediaId: 'media-1' });
    expect(screen.getByRole('button', { name: 'Edit transcript' })).toBeTruthy();
    cleanup();
    renderPlayer({ transcript: WORDS });
    expect(screen.queryByRole('button', { name: 'Edit transcript' })).toBeNull();
  });

  it('shows the first line while folded in a preview', () => {
    const view = renderPlayer({
      transcript: { ...WORDS, text: 'First line\nSecond line' },
      transcriptPreview: true,
    });
    expect(view.container.querySelector('.voice-transcript__preview')?.textContent).toBe(
      'First line',
    );
  });
});

describe('withTranscript', () => {
  it('replaces the note wherever it rides, and keeps everything else as it was', () => {
    const other = { id: 'p2', voice: { id: 'm2', transcript: null } };
    const data = {
      pages: [{ items: [{ id: 'p1', voice: { id: 'm1', transcript: null } }, other] }],
      intro: { mediaId: 'm1', transcript: null },
    };
    const next = withTranscript(data, 'm1', WORDS) as typeof data;
    expect(next.pages[0]!.items[0]!.voice.transcript).toBe(WORDS);
    expect(next.intro.transcript).toBe(WORDS);
    expect(next.pages[0]!.items[1]).toBe(other);
    expect(withTranscript(data, 'nope', WORDS)).toBe(data);
  });
});
