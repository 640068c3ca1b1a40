import { useState } from 'react';
import { TICKS_PREFIX as PREFIX } from '../../../../lib/auth/auth-storage';
import { useAuthStore } from '../../../../lib/auth/use-auth-store';
import { getLocalStorage } from '../../../../lib/storage';

/** Per person, quest and day: two people sharing a device never see each other's ticks. */
export function ticksKey(userId: string, questId: string, day: string): string {
  return `${PREFIX}:${userId}:${questId}:${day}`;
}

function read(key: string): string[] {
  try {
    const value: unknown = JSON.parse(getLocalStorage().getItem(key) ?? '[]');
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    return [];
  }
}

/**
 * Tasks ticked today before checking in. Kept on the device per quest and day, so ticking one
 * task in the morning and checking in at night survives a reload; a new day starts empty.
 * The caller keys its component by quest and day, so a new day mounts a fresh state.
 */
export function useTickedTasks(questId: string, day: string) {
  const userId = useAuthStore((state) => state.userId ?? 'anonymous');
  const key = ticksKey(userId, questId, day);
  const [ticked, setTicked] = useState(() => read(key));

  function save(next: string[]) {
    setTicked(next);
    const storage = getLocalStorage();
    // Older days are useless: drop them so the storage does not grow forever.
    for (let index = storage.length - 1; index >= 0; index--) {
      const name = storage.key(index);
      if (name?.startsWith(`${PREFIX}:${userId}:${questId}:`) && name !== key)
        storage.removeItem(name);
    }
    if (next.length) storage.setItem(key, JSON.stringify(next));
    else storage.removeItem(key);
  }

  return {
    ticked,
    toggle: (taskId: string) =>
      save(ticked.includes(taskId) ? ticked.filter((id) => id !== taskId) : [...ticked, taskId]),
    setAll: (taskIds: string[]) => save(taskIds),
    clear: () => save([]),
  };
}
