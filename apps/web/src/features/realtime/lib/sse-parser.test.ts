import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse-parser';

describe('the Server-Sent Events reader', () => {
  it('reads events cut anywhere between chunks, with comments and ids as sent', () => {
    const messages: SseMessage[] = [];
    let comments = 0;
    const feed = createSseParser(
      (m) => messages.push(m),
      () => (comments += 1),
    );
    const text =
      'id: 1-0\nevent: unread-counts\ndata: {"a":1}\n\n:\n\nevent: dm\ndata: line one\ndata: line two\n\n';
    for (const char of text) feed(char);
    expect(messages).toEqual([
      { id: '1-0', event: 'unread-counts', data: '{"a":1}' },
      { id: undefined, event: 'dm', data: 'line one\nline two' },
    ]);
    expect(comments).toBe(1);
  });

  it('keeps an unfinished event until its blank line comes', () => {
    const messages: SseMessage[] = [];
    const feed = createSseParser((m) => messages.push(m));
    feed('event: dm\r\ndata: x\r\n');
    expect(messages).toEqual([]);
    feed('\r\n');
    expect(messages).toEqual([{ id: undefined, event: 'dm', data: 'x' }]);
  });
});
