import type { QuestTemplate } from '@doers/contract';

/** The curated starting points offered on the create form, across every category. */
export const QUEST_TEMPLATES: readonly QuestTemplate[] = [
  { id: 'couch-to-5k', category: 'fitness', emoji: '🏃', title: 'Couch to 5K', description: 'Build up to running 5 km without stopping.', tasks: ['Warm up 5 minutes', 'Run/walk intervals', 'Stretch afterwards'], targetDays: 63 },
  { id: 'daily-pushups', category: 'fitness', emoji: '💪', title: '100 push-ups a day', description: 'Spread them through the day; form over speed.', tasks: ['Morning set', 'Midday set', 'Evening set'], targetDays: 30 },
  { id: 'daily-steps', category: 'fitness', emoji: '👟', title: '10,000 steps', description: 'Move more, every day.', tasks: ['Walk after lunch', 'Hit 10,000 steps'], targetDays: 30 },
  { id: 'learn-language', category: 'learning', emoji: '🗣️', title: 'Learn a language', description: 'Fifteen focused minutes a day adds up fast.', tasks: ['15 minutes of lessons', 'Learn 10 new words', 'Say one sentence out loud'], targetDays: 90 },
  { id: 'read-daily', category: 'learning', emoji: '📚', title: 'Read every day', description: 'Twenty pages a day is a book every two weeks.', tasks: ['Read 20 pages', 'Note one idea'], targetDays: 30 },
  { id: 'learn-to-code', category: 'learning', emoji: '💻', title: 'Learn to code', description: 'Ship a tiny project by the end.', tasks: ['Follow one lesson', 'Write code for 30 minutes', 'Commit your work'], targetDays: 60 },
  { id: 'meditate', category: 'mindfulness', emoji: '🧘', title: 'Meditate daily', description: 'Ten quiet minutes, eyes closed, breathing.', tasks: ['Meditate 10 minutes'], targetDays: 30 },
  { id: 'gratitude', category: 'mindfulness', emoji: '🙏', title: 'Gratitude journal', description: 'Three good things, every evening.', tasks: ['Write three good things'], targetDays: 21 },
  { id: 'digital-sunset', category: 'mindfulness', emoji: '🌅', title: 'Digital sunset', description: 'Screens off an hour before bed.', tasks: ['Phone away by 22:00', 'Read or talk instead'], targetDays: 14 },
  { id: 'sketch-a-day', category: 'creativity', emoji: '🎨', title: 'A sketch a day', description: 'Small drawings, no judgement.', tasks: ['Draw for 15 minutes', 'Share one sketch a week'], targetDays: 30 },
  { id: 'write-daily', category: 'creativity', emoji: '✍️', title: 'Write 500 words', description: 'Morning pages, a story, anything: just write.', tasks: ['Write 500 words'], targetDays: 30 },
  { id: 'learn-instrument', category: 'creativity', emoji: '🎸', title: 'Practise an instrument', description: 'Twenty minutes of deliberate practice.', tasks: ['Warm-up scales', 'Practise a piece', 'Record a short clip'], targetDays: 60 },
  { id: 'drink-water', category: 'health', emoji: '💧', title: 'Drink 2 litres of water', description: 'Keep a bottle close.', tasks: ['Morning glass', 'Refill at lunch', 'Reach 2 litres'], targetDays: 30 },
  { id: 'sleep-schedule', category: 'health', emoji: '😴', title: 'Sleep by 23:00', description: 'A steady bedtime for better days.', tasks: ['In bed by 23:00', 'No caffeine after 14:00'], targetDays: 21 },
  { id: 'eat-vegetables', category: 'health', emoji: '🥦', title: 'Five a day', description: 'Five portions of fruit and vegetables.', tasks: ['Fruit at breakfast', 'Vegetables at lunch', 'Vegetables at dinner'], targetDays: 30 },
  { id: 'job-search', category: 'career', emoji: '💼', title: 'Land a new role', description: 'Steady, daily progress on the search.', tasks: ['Apply to one role', 'Reach out to one person', 'Practise one interview question'], targetDays: 60 },
  { id: 'side-project', category: 'career', emoji: '🚀', title: 'Ship a side project', description: 'One hour a day until it is live.', tasks: ['Work one focused hour', 'Write what you did'], targetDays: 45 },
  { id: 'deep-work', category: 'career', emoji: '🎯', title: 'Two hours of deep work', description: 'Notifications off, one important thing.', tasks: ['Block two hours', 'Single task, no notifications'], targetDays: 20 },
  { id: 'call-family', category: 'relationships', emoji: '📞', title: 'Call someone you love', description: 'A real conversation, every day.', tasks: ['Call or voice-note one person'], targetDays: 30 },
  { id: 'kind-act', category: 'relationships', emoji: '💛', title: 'One kind act a day', description: 'Small kindness, noticed or not.', tasks: ['Do one kind thing'], targetDays: 30 },
  { id: 'no-spend', category: 'finance', emoji: '💰', title: 'No-spend challenge', description: 'Only essentials for a month.', tasks: ['Spend on essentials only', 'Log today’s spending'], targetDays: 30 },
  { id: 'track-budget', category: 'finance', emoji: '📊', title: 'Track every expense', description: 'Know where the money goes.', tasks: ['Log every expense', 'Review the day'], targetDays: 30 },
  { id: 'save-daily', category: 'finance', emoji: '🐷', title: 'Save a little every day', description: 'Move a small amount to savings daily.', tasks: ['Transfer to savings'], targetDays: 100 },
];
