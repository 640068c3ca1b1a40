import { types } from 'node:util';
import { postsApi } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wrapSchemas } from '../../build/lazy-contract-plugin';
import { lazySchema } from './lazy-schema';

describe('a schema made on first use', () => {
  it('is not made until something asks it, and then once', () => {
    let made = 0;
    const person = lazySchema(() => {
      made += 1;
      return z.object({ name: z.string() });
    });
    const page = lazySchema(() => z.object({ items: z.array(person) }));
    expect(made).toBe(0);
    expect(page.safeParse({ items: [{ name: 'Maya' }] }).success).toBe(true);
    expect(page.safeParse({ items: [{ name: 7 }] }).success).toBe(false);
    expect(made).toBe(1);
  });

  it('behaves as the schema it stands for: methods, errors and instanceof', () => {
    const name = lazySchema(() => z.string().min(2, 'Too short'));
    expect(name instanceof z.ZodString).toBe(true);
    expect(name.optional().parse(undefined)).toBeUndefined();
    expect(name.safeParse('a').error?.issues[0]?.message).toBe('Too short');
    expect(z.object({ name }).extend({ age: z.number() }).parse({ name: 'Leo', age: 3 })).toEqual({
      name: 'Leo',
      age: 3,
    });
  });
});

describe('the contract in the web build', () => {
  it('wraps each schema declaration and the schemas inside endpoint declarations', () => {
    const out = wrapSchemas(
      [
        "export const LIMITS = ['a', 'b'] as const;",
        'export const TIERS = LIMITS.map((tier) => tier.toUpperCase());',
        'export const person = z.object({ name: z.string() });',
        'export const people = pageOf(person);',
        'export function pageOf(item) { return z.object({ items: z.array(item) }); }',
        "export const api = { get: endpoint({ method: 'GET', params: z.object({ id: z.uuid() }) }) };",
      ].join('\n'),
    );
    expect(out).toContain("export const LIMITS = ['a', 'b'] as const;");
    expect(out).toContain('export const TIERS = LIMITS.map(');
    expect(out).toContain(
      'export const person = __lazySchema(() => z.object({ name: z.string() }));',
    );
    expect(out).toContain('export const people = __lazySchema(() => pageOf(person));');
    expect(out).toContain('{ return z.object({ items: z.array(item) }); }');
    expect(out).toContain(
      "endpoint({ method: 'GET', params: __lazySchema(() => z.object({ id: z.uuid() })) })",
    );
  });

  it('leaves the app a contract whose answers are checked as before', () => {
    // This project's tests load the contract through the same plugin as the build.
    expect(types.isProxy(postsApi.feed.response)).toBe(true);
    const page = { items: [], nextCursor: null };
    expect(postsApi.feed.response.parse(page)).toEqual(page);
    expect(postsApi.feed.response.safeParse({ items: 'none' }).success).toBe(false);
  });
});
