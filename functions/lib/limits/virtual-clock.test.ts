import { describe, expect, it } from 'vitest';
import { virtualClock } from './virtual-clock';

describe('virtual clock', () => {
  it('fires sleeps in time order, runs what they start, and stops at the given time', async () => {
    const clock = virtualClock(1_000);
    const seen: string[] = [];
    void (async () => {
      await clock.sleep(300);
      seen.push(`a@${clock.now()}`);
      await clock.sleep(300);
      seen.push(`c@${clock.now()}`);
    })();
    void clock.sleep(500).then(() => seen.push(`b@${clock.now()}`));
    await clock.run(1_550);
    expect(seen).toEqual(['a@1300', 'b@1500']);
    expect(clock.now()).toBe(1_550);
    await clock.run(10_000);
    expect(seen).toEqual(['a@1300', 'b@1500', 'c@1600']);
  });
});
