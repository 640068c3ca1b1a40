import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { retryMutation } from './mutation-retry';

describe('retryMutation', () => {
  it('retries once on a lost answer or a server error', () => {
    expect(retryMutation(0, new ApiError('timeout', 0))).toBe(true);
    expect(retryMutation(0, new ApiError('boom', 503))).toBe(true);
    expect(retryMutation(1, new ApiError('boom', 503))).toBe(false);
  });

  it('never retries a 4xx', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(retryMutation(0, new ApiError('no', status))).toBe(false);
    }
  });
});
