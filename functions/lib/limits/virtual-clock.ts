/**
 * A simulated clock for the limiters (their `now` and `sleep` options): minutes of paced traffic
 * run in moments, exactly and the same every time. Time moves only in `run`, to the next timer
 * once everything not waiting on a timer has settled; only promise work (no real I/O or real
 * timers) may run on it.
 */
export type VirtualClock = {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Fires timers in order up to `untilMs` (then stands there); stops early when none are left. */
  run(untilMs: number): Promise<void>;
};

type Timer = { at: number; seq: number; fire: () => void };

/** Lets every promise continuation that does not wait on a timer run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export const virtualClock = (start = 0): VirtualClock => {
  let current = start;
  let seq = 0;
  const timers: Timer[] = [];
  const before = (a: Timer, b: Timer) => a.at < b.at || (a.at === b.at && a.seq < b.seq);
  const insert = (timer: Timer) => {
    let lo = 0;
    let hi = timers.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(timers[mid]!, timer)) lo = mid + 1;
      else hi = mid;
    }
    timers.splice(lo, 0, timer);
  };
  return {
    now: () => current,
    sleep: (ms) => new Promise<void>((fire) => insert({ at: current + Math.max(0, ms), seq: seq++, fire })),
    async run(untilMs) {
      for (;;) {
        await settle();
        const next = timers[0];
        if (!next || next.at > untilMs) break;
        current = next.at;
        while (timers[0] && timers[0].at === current) timers.shift()!.fire();
      }
      current = Math.max(current, untilMs);
    },
  };
};
