import { describe, expect, it } from 'vitest';
import {
  kindOf,
  mediaKey,
  parseRange,
  SHELL_PREFIX,
  staleShellCaches,
  wholeFileSize,
} from './offline-cache';

const ORIGIN = 'https://doers.example';
const at = (path: string) => new URL(path, ORIGIN);

describe('how the worker answers a GET', () => {
  it('pages go to the network first, whatever their path', () => {
    expect(kindOf(at('/feed'), 'navigate', ORIGIN)).toBe('navigation');
    expect(kindOf(at('/posts/1?x=2'), 'navigate', ORIGIN)).toBe('navigation');
  });

  it('the API, the version file and the worker itself are never stored', () => {
    expect(kindOf(at('/api/feed'), 'cors', ORIGIN)).toBe('network');
    expect(kindOf(at('/api/events'), 'cors', ORIGIN)).toBe('network');
    expect(kindOf(at('/version.json?t=1'), 'cors', ORIGIN)).toBe('network');
    expect(kindOf(at('/sw.js'), 'no-cors', ORIGIN)).toBe('network');
    expect(kindOf(at('/api/auth/login'), 'navigate', ORIGIN)).toBe('network');
  });

  it('media files are stored once played; other origins are left alone', () => {
    expect(kindOf(at('/api/media/abc?exp=1&sig=x'), 'no-cors', ORIGIN)).toBe('media');
    expect(kindOf(at('/api/media/abc/thumb'), 'no-cors', ORIGIN)).toBe('media');
    expect(kindOf(at('/api/media/uploads/u1/finish'), 'cors', ORIGIN)).toBe('network');
    expect(kindOf(new URL('https://cdn.example/x.js'), 'no-cors', ORIGIN)).toBe('network');
    expect(kindOf(at('/assets/index-abc.js'), 'cors', ORIGIN)).toBe('shell');
  });

  it('keeps a media file under its address without the signature, which changes', () => {
    expect(mediaKey(at('/api/media/abc?exp=1&sig=x'))).toBe(
      mediaKey(at('/api/media/abc?exp=2&sig=y')),
    );
  });
});

describe('old shells', () => {
  it('a new build deletes all but its own and the newest one before it', () => {
    const names = ['a', 'b', 'c'].map((id) => `${SHELL_PREFIX}${id}`);
    expect(staleShellCaches([...names, 'doers-media'], `${SHELL_PREFIX}c`)).toEqual([
      `${SHELL_PREFIX}a`,
    ]);
    expect(staleShellCaches([`${SHELL_PREFIX}a`], `${SHELL_PREFIX}b`)).toEqual([]);
  });
});

describe('ranges cut from a stored file', () => {
  it('reads the forms media elements send', () => {
    expect(parseRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });

  it('keeps a network answer only when it holds the whole file', () => {
    expect(wholeFileSize(200, null)).toBe(-1);
    expect(wholeFileSize(206, 'bytes 0-99/100')).toBe(100);
    expect(wholeFileSize(206, 'bytes 10-99/100')).toBeNull();
    expect(wholeFileSize(206, 'bytes 0-49/100')).toBeNull();
    expect(wholeFileSize(404, null)).toBeNull();
  });
});
