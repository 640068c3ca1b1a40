import { randomUUID } from 'node:crypto';
import { addDays, localDay } from '@doers/contract';
import type { Database } from '../db/database.js';
import { CheckInsRepository } from '../contexts/progress/streaks/check-ins.repository.js';
import { QuestsRepository } from '../contexts/progress/quests/quests.repository.js';
import { StreakRecorder } from '../contexts/progress/streaks/streak-recorder.js';
import type { StatsService } from '../contexts/progress/stats/stats.service.js';
import { StreaksRepository } from '../contexts/progress/streaks/streaks.repository.js';
import { StreaksService } from '../contexts/progress/streaks/streaks.service.js';
import type { UserRow } from '../contexts/accounts/users/users.repository.js';
import type { Clock } from '../platform/clock.js';
import type { DemoQuestRef } from './demo-posts.js';

type DemoQuest = {
  owner: UserRow;
  members: UserRow[];
  title: string;
  description: string;
  category: 'fitness' | 'mindfulness' | 'learning';
  emoji: string;
  tasks: string[];
  shared: boolean;
  /** Days ago each participant checked in (0 = today is left for the person to do). */
  history: Map<string, number[]>;
};

/** Quests with weeks of check-ins, so that streaks, calendars and leaderboards show something. */
export async function seedDemoQuests(
  db: Database,
  people: [UserRow, UserRow, UserRow],
  stats: StatsService,
  clock: Clock,
): Promise<DemoQuestRef[]> {
  const [maya, leo, ana] = people;
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const demo: DemoQuest[] = [
    {
      owner: maya,
      members: [leo],
      title: 'Morning run club',
      description: 'Three kilometres before breakfast. Voice-note your route!',
      category: 'fitness',
      emoji: '🏃',
      tasks: ['Warm up 5 minutes', 'Run 3 km', 'Stretch'],
      shared: true,
      history: new Map([
        [maya.id, range(1, 12)],
        [leo.id, [1, 2, 3, 5, 6]],
      ]),
    },
    {
      owner: ana,
      members: [],
      title: 'Meditate daily',
      description: 'Ten quiet minutes, every day.',
      category: 'mindfulness',
      emoji: '🧘',
      tasks: ['Meditate 10 minutes'],
      shared: false,
      history: new Map([[ana.id, range(1, 30)]]),
    },
  ];

  const quests = new QuestsRepository(db);
  const checkIns = new CheckInsRepository(db);
  const streaksRepository = new StreaksRepository(db);
  const streaks = new StreaksService(streaksRepository);
  const recorder = new StreakRecorder({ repository: streaksRepository, figures: streaks });
  const now = { now: clock.now(), zone: 'UTC', dayStartHour: 0 };
  const today = localDay(now.now, 'UTC');
  const refs: DemoQuestRef[] = [];
  await db.transaction(async (tx) => {
    for (const q of demo) {
      const id = randomUUID();
      refs.push({
        id,
        title: q.title,
        streaks: new Map([q.owner, ...q.members].map((p) => [p.id, runOf(q.history.get(p.id))])),
      });
      const started = addDays(today, -40);
      await quests.insert(tx, {
        id,
        owner_id: q.owner.id,
        started_on: started,
        template_id: null,
        title: q.title,
        description: q.description,
        category: q.category,
        emoji: q.emoji,
        target_days: 66,
        end_date: null,
        visibility: 'public',
        allow_others_to_join: q.shared,
        participant_limit: q.shared ? 12 : null,
        requires_approval: false,
      });
      await quests.replaceTasks(
        tx,
        id,
        q.tasks.map((title) => ({ id: randomUUID(), title })),
      );
      for (const person of [q.owner, ...q.members]) {
        await quests.join(tx, {
          questId: id,
          userId: person.id,
          role: person === q.owner ? 'owner' : 'member',
          joinedOn: started,
        });
        for (const ago of q.history.get(person.id) ?? []) {
          const day = addDays(today, -ago);
          await checkIns.insert(tx, {
            questId: id,
            userId: person.id,
            mark: { day, zone: 'UTC', dayStartHour: 0, at: new Date(`${day}T08:00:00Z`) },
            late: false,
            taskIds: [],
          });
        }
      }
    }
    for (const person of people) {
      const inputs = await streaks.streakInputs(person.id, tx);
      const questIds = inputs.checkIns.map((c) => c.questId);
      await recorder.record(tx, person.id, inputs, now, questIds);
    }
    await stats.refreshQuestCounts(
      tx,
      people.map((p) => p.id),
    );
  });
  return refs;
}

/** Days in a row checked in, counting back from yesterday (today is left to do). */
function runOf(daysAgo: number[] = []): number {
  let run = 0;
  while (daysAgo.includes(run + 1)) run += 1;
  return run;
}
