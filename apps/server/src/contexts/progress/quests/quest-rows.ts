import type { JsonCheckpoint } from '../streaks/streak-checkpoint.js';
import type { QuestCategory, QuestStatus, QuestVisibility } from '@doers/contract';

// The rows of the quest tables, shared by the writes (quests.repository.ts) and the views
// (quest-bundles.repository.ts) without the two importing each other.

export type QuestRow = {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  category: QuestCategory;
  emoji: string;
  target_days: number | null;
  end_date: string | null;
  visibility: QuestVisibility;
  allow_others_to_join: boolean;
  participant_limit: number | null;
  requires_approval: boolean;
  status: QuestStatus;
  started_on: string;
  template_id: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
  abandoned_at: Date | null;
};

export type TaskRow = { id: string; title: string; position: number };

/** A person's figures on one quest: recomputed from their check-ins on every change. */
export type ParticipantStreak = {
  quest_id: string;
  user_id: string;
  run_length: number;
  longest_streak: number;
  total_check_ins: number;
  last_day: string | null;
  last_zone: string | null;
  last_day_start_hour: number | null;
  last_at: Date | null;
  /** The walk over their check-ins on this quest up to a settled instant (null: none kept). */
  streak_checkpoint: JsonCheckpoint | null;
};

export type ParticipantRow = ParticipantStreak & {
  role: 'owner' | 'member';
  status: 'active' | 'left';
  joined_at: Date;
  joined_on: string;
};
