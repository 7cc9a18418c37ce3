import { describe, expect, it } from 'vitest';
import { LANE_RESERVE_MS, laneItems, runLane } from './lanes';

const ok = { processed: 10, skipped: 0 };

describe('processing lanes', () => {
  it('spreads batches over at most the lane count, each lane starting at its own index', () => {
    expect(laneItems(0, 4)).toEqual([]);
    expect(laneItems(1, 4)).toEqual([{ lane: 0, of: 1, batches: 1, next: 0 }]);
    expect(laneItems(5000, 2)).toEqual([
      { lane: 0, of: 2, batches: 5000, next: 0 },
      { lane: 1, of: 2, batches: 5000, next: 1 },
    ]);
  });

  it('runs every batch of its lane (strided) when time allows, and says done', async () => {
    const seen: number[] = [];
    const result = await runLane({ lane: 1, of: 3, batches: 10, next: 1 }, async (index) => (seen.push(index), ok));
    expect(seen).toEqual([1, 4, 7]);
    expect(result).toMatchObject({ done: true, batchesRun: 3, processed: 30, lane: { next: 10 } });
  });

  it('stops before the reserve and returns where to go on; the next turn picks up there', async () => {
    let left = LANE_RESERVE_MS + 25_000;
    const work = async () => {
      left -= 20_000;
      return ok;
    };
    const first = await runLane({ lane: 0, of: 2, batches: 8, next: 0 }, work, () => left);
    expect(first).toMatchObject({ done: false, batchesRun: 2, lane: { next: 4 } });
    left = LANE_RESERVE_MS + 100_000;
    const second = await runLane(first.lane, work, () => left);
    expect(second).toMatchObject({ done: true, batchesRun: 2, lane: { next: 8 } });
  });

  it('always runs one batch, so a lane moves even when called late', async () => {
    const result = await runLane({ lane: 0, of: 1, batches: 3, next: 0 }, async () => ok, () => 1_000);
    expect(result).toMatchObject({ done: false, batchesRun: 1, lane: { next: 1 } });
  });

  it('ends the lane on a cancel or the deadline', async () => {
    const result = await runLane({ lane: 0, of: 1, batches: 3, next: 0 }, async () => ({ processed: 1, skipped: 0, stopped: 'deadline' as const }));
    expect(result).toMatchObject({ done: true, stopped: 'deadline', batchesRun: 1 });
  });

  it('throws on an input that is not a lane (so the state machine fails the job clearly)', async () => {
    await expect(runLane({ index: 3 }, async () => ok)).rejects.toMatchObject({ name: 'BadTaskInput' });
  });
});
