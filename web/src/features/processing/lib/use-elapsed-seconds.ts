import { useEffect, useState } from 'react';
import { elapsedSecondsAt, type ElapsedClock } from './status-view';

/** Ticks every second while `running`; frozen at the last tick otherwise. */
export const useElapsedSeconds = (clock: ElapsedClock | null, running: boolean): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return clock ? elapsedSecondsAt(clock, Math.max(now, clock.receivedAt)) : 0;
};
