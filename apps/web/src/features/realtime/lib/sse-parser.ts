/** One Server-Sent Event: `id` only when the block carried one (the last id stays otherwise). */
export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream as it arrives (chunks may cut lines anywhere), by the rules
 * EventSource follows: blocks end with a blank line, `:` lines are comments (heartbeats),
 * several `data:` lines join with a newline. Each comment calls `onComment`.
 */
export function createSseParser(
  onMessage: (message: SseMessage) => void,
  onComment: () => void = () => {},
): (chunk: string) => void {
  let buffer = '';
  let id: string | undefined;
  let event = '';
  let data: string[] = [];

  const line = (text: string) => {
    if (text === '') {
      if (data.length) onMessage({ id, event: event || 'message', data: data.join('\n') });
      id = undefined;
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return onComment();
    const colon = text.indexOf(':');
    const name = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (name === 'id') id = value;
    else if (name === 'event') event = value;
    else if (name === 'data') data.push(value);
  };

  return (chunk) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const newline = buffer.startsWith('\r\n', end) ? 2 : 1;
      line(buffer.slice(0, end));
      buffer = buffer.slice(end + newline);
    }
  };
}
