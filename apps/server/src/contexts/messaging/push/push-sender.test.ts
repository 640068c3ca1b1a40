import { describe, expect, it } from 'vitest';
import { publicOnlyLookup } from './push-sender.js';

describe('the push sender’s DNS lookup', () => {
  it('refuses a name that leads to this machine, whatever the name (DNS rebinding)', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', {}, (err) => resolve(err)),
    );
    expect(error?.code).toBe('EPUSHDENIED');
  });
});
