/** The lowest a bar is drawn, so silence still reads as a line of bars. */
const FLOOR = 0.08;

/** One "move, line down" pair per bar, centred on the box's middle line; heights in percent. */
export function barsPath(values: number[]): string {
  return values
    .map((value, index) => {
      const height = Math.round((FLOOR + (1 - FLOOR) * value) * 100);
      return `M${index + 0.5} ${50 - height / 2}v${height}`;
    })
    .join('');
}

/** The heights (percent) a path of `barsPath` draws, in order: what tests read back. */
export function barHeights(path: string): number[] {
  return Array.from(path.matchAll(/v(-?[\d.]+)/g), (match) => Number(match[1]));
}
