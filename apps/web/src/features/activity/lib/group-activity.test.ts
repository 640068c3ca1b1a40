import type { ActivityItem } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import { groupActivityByDay } from './group-activity';

const item = (id: string, day: string) => ({ id, day }) as ActivityItem;
const shape = (groups: ReturnType<typeof groupActivityByDay>) =>
  groups.map((g) => [g.label, g.items.map((i) => i.id)]);

describe('groupActivityByDay', () => {
  it('groups items by day with friendly headings, newest day first', () => {
    const groups = groupActivityByDay(
      [
        item('a', '2026-03-04'),
        item('b', '2026-03-04'),
        item('c', '2026-03-03'),
        item('d', '2026-02-27'),
      ],
      '2026-03-04',
    );
    expect(shape(groups)).toEqual([
      ['Today', ['a', 'b']],
      ['Yesterday', ['c']],
      ['February 27', ['d']],
    ]);
  });

  it('puts a late check-in under its own day, with one heading per day', () => {
    const groups = groupActivityByDay(
      [item('late', '2026-03-03'), item('a', '2026-03-04'), item('c', '2026-03-03')],
      '2026-03-04',
    );
    expect(shape(groups)).toEqual([
      ['Today', ['a']],
      ['Yesterday', ['late', 'c']],
    ]);
  });

  it('gives nothing for nothing', () => {
    expect(groupActivityByDay([], '2026-03-04')).toEqual([]);
  });
});
