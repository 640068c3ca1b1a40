/**
 * Ends the task that is running and resumes in a new one, so that the browser may paint and
 * answer a tap in between: on a mid-range phone a cold start's work is seconds of CPU, and a
 * tap waits for the whole of the task it lands in. `scheduler.yield()` resumes ahead of other
 * queued work where the browser has it.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
