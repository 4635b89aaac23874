import type { Eraser } from './ports';

/**
 * An eraser from a function that removes all of one kind of a user's data in one call (e.g. every follow of theirs):
 * done once it returns. It must be harmless to call again (after a crash the step runs again).
 */
export function eraseAllAtOnce(name: string, removeAll: (userId: string) => Promise<unknown>): Eraser {
  return {
    name,
    async step(userId) {
      await removeAll(userId);
      return { done: true };
    },
  };
}
