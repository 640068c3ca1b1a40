/** Why recording could not start, each with what the person can do about it. */
export type MicrophoneProblem = 'denied' | 'missing' | 'busy' | 'unsupported' | 'failed';

export const MICROPHONE_PROBLEMS: Record<MicrophoneProblem, { title: string; text: string }> = {
  denied: {
    title: 'Microphone blocked',
    text:
      'Doers needs your microphone to record. Allow it in your browser: tap the icon beside the ' +
      'address bar (a lock or sliders), set Microphone to Allow, then tap Try again. In the ' +
      "installed app, allow the microphone for your browser in your phone's settings.",
  },
  missing: {
    title: 'No microphone found',
    text: 'Plug in a microphone or headset, or turn it on, then tap Try again.',
  },
  busy: {
    title: 'Microphone in use',
    text: 'Another app (a call, perhaps) is using your microphone. Close it, then tap Try again.',
  },
  unsupported: {
    title: "This browser can't record",
    text: 'Open Doers in an up-to-date Chrome, Safari, Firefox or Edge to record voice notes.',
  },
  failed: {
    title: 'Recording stopped',
    text: 'Something went wrong with the microphone. Tap Try again.',
  },
};

/** getUserMedia's and MediaRecorder's errors, by their standard names. */
export function microphoneProblemOf(error: unknown): MicrophoneProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'missing';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    case 'NotSupportedError':
    case 'TypeError':
      return 'unsupported';
    default:
      return 'failed';
  }
}
