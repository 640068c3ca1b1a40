import { describe, expect, it } from 'vitest';
import { firstLineOf } from './transcripts.js';

describe('firstLineOf', () => {
  it.each([
    ['a short note stays whole', 'Ran 5 km today', 'Ran 5 km today'],
    ['only the first line', 'Ran 5 km today\nFelt great after', 'Ran 5 km today'],
    ['blanks around it go', '  \n  Ran 5 km  \nthen rested', 'Ran 5 km'],
    ['blanks alone give nothing', '   ', ''],
  ])('%s', (_, text, expected) => {
    expect(firstLineOf(text)).toBe(expected);
  });

  it('cuts a long line at a word, with an ellipsis, within the room', () => {
    const line = firstLineOf('one two three four five six seven', 16);
    expect(line).toBe('one two three…');
    expect(line.length).toBeLessThanOrEqual(16);
  });

  it('cuts inside a word too long to leave a useful line', () => {
    expect(firstLineOf('a supercalifragilistic', 12)).toBe('a supercali…');
  });
});
