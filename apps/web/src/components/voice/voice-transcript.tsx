import type { Transcript } from '@doers/contract';
import { lazy, Suspense, useId, useState } from 'react';
import { useAlwaysShowTranscripts } from '../../lib/auth/use-account';
import { IconEdit } from '../ui/icons';

// The editor is for the speaker alone, and rarely: it loads when opened, not with the feed.
const TranscriptEditor = lazy(async () => ({
  default: (await import('./transcript-editor')).TranscriptEditor,
}));

export interface VoiceTranscriptProps {
  transcript: Transcript | null;
  /** The id the player's aria-describedby points at: the words, even while folded away. */
  textId: string;
  durationMs: number;
  /** The note's Media id when the viewer is its speaker and may correct it. */
  editableMediaId?: string;
  /** While folded, the first line shows (the words are the player's description already). */
  preview?: boolean;
}

/**
 * Under a voice player: "Transcript" folds the words open (open from the start with "Always show
 * transcripts"), "edited by @name" after a correction, and "Edit transcript" for the speaker.
 */
export function VoiceTranscript({
  transcript,
  textId,
  durationMs,
  editableMediaId,
  preview,
}: VoiceTranscriptProps) {
  const always = useAlwaysShowTranscripts();
  // Until a tap chooses, the setting decides (and follows it when it changes).
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [editing, setEditing] = useState(false);
  const panelId = useId();
  const open = chosen ?? always;

  return (
    <div className="voice-transcript">
      <div className="voice-transcript__bar">
        {transcript && (
          <button
            type="button"
            className="voice-transcript__button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setChosen(!open)}
          >
            Transcript
            <span className="voice-transcript__chevron" aria-hidden="true" />
          </button>
        )}
        {editableMediaId && (
          <button
            type="button"
            className="voice-transcript__button"
            onClick={() => setEditing(true)}
          >
            <IconEdit size={14} />
            Edit transcript
          </button>
        )}
      </div>
      {transcript && preview && !open && (
        <p className="voice-transcript__preview" aria-hidden="true">
          {transcript.text.split('\n', 1)[0]}
        </p>
      )}
      {transcript && (
        <div id={panelId} className="voice-transcript__panel" hidden={!open}>
          <p id={textId} className="voice-transcript__text">
            {transcript.text}
          </p>
          {transcript.editedBy && (
            <p className="voice-transcript__edited">edited by @{transcript.editedBy}</p>
          )}
        </div>
      )}
      {editing && editableMediaId && (
        <Suspense fallback={null}>
          <TranscriptEditor
            mediaId={editableMediaId}
            durationMs={durationMs}
            transcript={transcript}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
