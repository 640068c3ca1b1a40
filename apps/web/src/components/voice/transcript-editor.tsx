import { maxTranscriptLength, transcriptsApi, type Transcript } from '@doers/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast-store';
import { setTranscriptEverywhere } from '../../lib/transcript-cache';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { TextareaField } from '../ui/textarea-field';
import { charactersLeft } from './transcript-length';

interface TranscriptEditorProps {
  mediaId: string;
  durationMs: number;
  transcript: Transcript | null;
  onClose(): void;
}

/**
 * "Edit transcript": the speaker corrects the words of their own note, bounded by its length
 * (docs/product/transcripts.md). Loaded only when opened (voice-transcript.tsx).
 */
export function TranscriptEditor({
  mediaId,
  durationMs,
  transcript,
  onClose,
}: TranscriptEditorProps) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(transcript?.text ?? '');
  const save = useMutation({
    mutationFn: (words: string) =>
      api.call(transcriptsApi.correct, { params: { id: mediaId }, body: { text: words } }),
    onSuccess: (saved) => {
      setTranscriptEverywhere(queryClient, mediaId, saved);
      toast.success('Transcript saved');
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open
      title="Edit transcript"
      confirmLabel="Save"
      loading={save.isPending}
      onConfirm={() => save.mutate(text)}
      onClose={onClose}
    >
      <TextareaField
        label="Transcript"
        value={text}
        rows={5}
        onChange={(event) => setText(event.target.value)}
        hint={charactersLeft(text, maxTranscriptLength(durationMs))}
        error={save.isError ? errorMessage(save.error, 'The transcript was not saved') : null}
      />
    </ConfirmDialog>
  );
}
