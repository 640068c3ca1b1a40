import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// The web build leaves zod's JSON Schema output out (build/zod-without-json-schema-plugin.ts),
// and these tests load zod the same way: validating still works, JSON Schema says it is absent.
describe('zod in the web app', () => {
  it('validates as ever, and has no JSON Schema to give', () => {
    const name = z.string().trim().min(1, 'Say something').max(5);
    expect(name.parse('  hi ')).toBe('hi');
    expect(name.safeParse('').error?.issues[0]?.message).toBe('Say something');
    expect(() => name.toJSONSchema()).toThrow(/JSON Schema is not part of the web app/);
  });
});
