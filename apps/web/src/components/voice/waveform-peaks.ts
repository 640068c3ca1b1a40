/** How many bars a waveform shows when its caller does not say. */
export const DEFAULT_BAR_COUNT = 48;

/**
 * Squeezes `levels` (any length, each ≥ 0) into `count` bars: each bar is the loudest sample of
 * its slice, scaled so the loudest bar is 1. Quiet recordings still show a shape; silence stays
 * flat (every bar 0).
 */
export function toBars(levels: ArrayLike<number>, count = DEFAULT_BAR_COUNT): number[] {
  const bars = new Array<number>(count).fill(0);
  if (levels.length === 0) return bars;
  for (let bar = 0; bar < count; bar++) {
    const from = Math.floor((bar * levels.length) / count);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * levels.length) / count));
    let peak = 0;
    for (let i = from; i < to && i < levels.length; i++)
      peak = Math.max(peak, Math.abs(levels[i]!));
    bars[bar] = peak;
  }
  const loudest = Math.max(...bars);
  return loudest > 0 ? bars.map((value) => value / loudest) : bars;
}

/**
 * Peaks of an audio file, decoded by the browser (Web Audio). null when the browser cannot
 * decode it or has no Web Audio: the player then draws a flat line and still plays.
 */
export async function peaksFromAudio(
  url: string,
  count = DEFAULT_BAR_COUNT,
  signal?: AbortSignal,
): Promise<{ bars: number[]; durationMs: number } | null> {
  const Context = globalThis.OfflineAudioContext ?? globalThis.AudioContext;
  if (!Context) return null;
  try {
    const response = await fetch(url, { signal });
    const bytes = await response.arrayBuffer();
    // A 1-frame offline context is enough to decode; it never renders anything.
    const context =
      Context === globalThis.OfflineAudioContext
        ? new OfflineAudioContext(1, 1, 44_100)
        : new AudioContext();
    const audio = await context.decodeAudioData(bytes);
    if ('close' in context && typeof context.close === 'function') void context.close();
    return { bars: toBars(audio.getChannelData(0), count), durationMs: audio.duration * 1000 };
  } catch {
    return null;
  }
}
