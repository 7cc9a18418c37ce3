import { ACTIVE_TASK_STORAGE_KEY } from '../../../../../shared/constants';

// sessionStorage can throw (disabled storage, privacy modes); losing the id only means the
// generic cancel call is used, so failures are swallowed.
const storage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

export const readActiveTask = (): string | null => {
  try {
    return storage()?.getItem(ACTIVE_TASK_STORAGE_KEY) || null;
  } catch {
    return null;
  }
};

export const storeActiveTask = (taskId: string): void => {
  try {
    storage()?.setItem(ACTIVE_TASK_STORAGE_KEY, taskId);
  } catch {
    /* see storage() */
  }
};

export const clearActiveTask = (): void => {
  try {
    storage()?.removeItem(ACTIVE_TASK_STORAGE_KEY);
  } catch {
    /* see storage() */
  }
};
