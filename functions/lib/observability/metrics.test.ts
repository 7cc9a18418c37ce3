import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPlatform } from '../platform/platform';
import { countMetric, flushMetrics } from './metrics';

const printedEmf = (run: () => void): string[] => {
  const printed: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return printed.filter((chunk) => chunk.includes('"CloudWatchMetrics"'));
};

describe('metrics emitter', () => {
  const saved = process.env.POWERTOOLS_METRICS_DISABLED;
  afterEach(() => {
    if (saved === undefined) delete process.env.POWERTOOLS_METRICS_DISABLED;
    else process.env.POWERTOOLS_METRICS_DISABLED = saved;
    installPlatform({});
  });

  it('follows the environment of the runtime installed last (one process, runtimes one after another)', () => {
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    installPlatform({});
    countMetric('ThreadsProcessed', 2);
    expect(printedEmf(flushMetrics)).toEqual([]);

    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    installPlatform({});
    countMetric('ThreadsProcessed', 3);
    const [line] = printedEmf(flushMetrics);
    expect(JSON.parse(line!)).toMatchObject({ ThreadsProcessed: 3 });
  });
});
