import type { QuestCategory, QuestVisibility } from '@doers/contract';

export const CATEGORY_LABELS: Record<QuestCategory, string> = {
  fitness: 'Fitness',
  learning: 'Learning',
  mindfulness: 'Mindfulness',
  creativity: 'Creativity',
  health: 'Health',
  career: 'Career',
  relationships: 'Relationships',
  finance: 'Finance',
  other: 'Other',
};

export const VISIBILITY_LABELS: Record<QuestVisibility, string> = {
  public: 'Public',
  vibers: 'Vibers',
  private: 'Private',
};

/** One line each, shown under the choice in the form. */
export const VISIBILITY_DESCRIPTIONS: Record<QuestVisibility, string> = {
  public: 'Anyone can see it, even through its link without an account.',
  vibers: 'People you vibe with who vibe with you back. A vibe sent to you unlocks nothing.',
  private: 'Only you can see it. Private quests cannot be shared.',
};

/** A small set that covers the template categories; names are read out instead of glyphs. */
export const QUEST_EMOJIS: ReadonlyArray<{ emoji: string; name: string }> = [
  { emoji: '🎯', name: 'Target' },
  { emoji: '🏃', name: 'Runner' },
  { emoji: '💪', name: 'Flexed arm' },
  { emoji: '🚴', name: 'Cyclist' },
  { emoji: '🧘', name: 'Meditation' },
  { emoji: '🥗', name: 'Salad' },
  { emoji: '💧', name: 'Water drop' },
  { emoji: '😴', name: 'Sleep' },
  { emoji: '📚', name: 'Books' },
  { emoji: '🧠', name: 'Brain' },
  { emoji: '🗣️', name: 'Speaking' },
  { emoji: '💻', name: 'Laptop' },
  { emoji: '🎨', name: 'Palette' },
  { emoji: '✍️', name: 'Writing' },
  { emoji: '🎸', name: 'Guitar' },
  { emoji: '📷', name: 'Camera' },
  { emoji: '🌱', name: 'Seedling' },
  { emoji: '❤️', name: 'Heart' },
  { emoji: '🤝', name: 'Handshake' },
  { emoji: '💰', name: 'Money bag' },
  { emoji: '📈', name: 'Chart rising' },
  { emoji: '🚀', name: 'Rocket' },
  { emoji: '🔥', name: 'Fire' },
  { emoji: '⭐', name: 'Star' },
];

export function emojiName(emoji: string): string {
  return QUEST_EMOJIS.find((item) => item.emoji === emoji)?.name ?? emoji;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
