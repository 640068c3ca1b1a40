import { maxTranscriptLength } from '@doers/contract';
import { TextareaField } from '../ui/textarea-field';
import { charactersLeft } from './transcript-length';

interface TranscriptFieldProps {
  value: string;
  onChange: (text: string) => void;
  durationMs: number;
  disabled?: boolean;
}

/** The recorded note's words before it is sent, for the speaker to correct; its length follows
 *  the note's (docs/product/transcripts.md). */
export function TranscriptField({ value, onChange, durationMs, disabled }: TranscriptFieldProps) {
  return (
    <TextareaField
      label="Transcript"
      className="voice-recorder__transcript"
      value={value}
      rows={3}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value)}
      hint={`What your device heard; correct it if you like. ${charactersLeft(value, maxTranscriptLength(durationMs))}.`}
    />
  );
}
