/** Elapsed seconds as minutes:seconds ("3:07"); minutes keep counting past an hour. */
export const formatElapsed = (totalSeconds: number): string => {
  const safe = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
};

export const clampPercent = (value: number): number =>
  Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;

/** completed of total as a whole percent in 0..100 (0 when there is no total). */
export const percentOf = (completed: number, total: number): number => (total > 0 ? clampPercent(Math.round((completed / total) * 100)) : 0);
