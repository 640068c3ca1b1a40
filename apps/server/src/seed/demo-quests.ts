import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { CheckInsRepository } from '../modules/check-ins/check-ins.repository.js';
import { StreakRecorder } from '../modules/check-ins/streak-recorder.js';
import { QuestsRepository } from '../modules/quests/quests.repository.js';
import { addDays, localDay } from '../modules/streaks/local-day.js';
import type { UserRow } from '../modules/users/users.repository.js';

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

/** Quests with a few weeks of check-ins, so streaks, calendars and the leaderboard show something. */
export async function seedDemoQuests(
  db: Database,
  people: [UserRow, UserRow, UserRow],
): Promise<void> {
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
  const recorder = new StreakRecorder(checkIns);
  const now = new Date();
  const today = localDay(now, 'UTC');
  await db.transaction(async (tx) => {
    for (const q of demo) {
      const id = randomUUID();
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
        await recorder.recordParticipant(tx, id, person.id, { now, zone: 'UTC', dayStartHour: 0 });
      }
    }
    for (const person of people)
      await recorder.recordUser(tx, person.id, { now, zone: 'UTC', dayStartHour: 0 });
    await quests.refreshQuestCounts(
      people.map((p) => p.id),
      tx,
    );
  });
}
