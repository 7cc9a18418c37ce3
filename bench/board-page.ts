/**
 * A board page at agency scale (issue 24 point 7): `npm run bench` runs the page measurement of
 * test/integration/board-projection.test.ts with 100 and with 5,000 talents in the campaign and
 * checks the goals: a 50-row page in at most 10 read units and 100 ms, and the 5,000-talent page
 * within 2x of the 100-talent one (read units and time). The answer time is the median of five HTTP round trips
 * to the local runtime (dynalite), an upper bound of the server's time.
 */
import { spawnSync } from 'node:child_process';

type Measured = { rows: number; label: string; units: number; ms: number };

const LINE = /board-projection: (\d+) talents, (\w+) page of \d+ rows: ([\d.]+) read units, (\d+) ms/;

const measure = (rows: number): Measured[] => {
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'integration', 'test/integration/board-projection.test.ts', '-t', 'reads a 50-row page'], {
    env: { ...process.env, BOARD_ROWS: String(rows) },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const found = `${run.stdout}\n${run.stderr}`
    .split('\n')
    .flatMap((line) => {
      const match = LINE.exec(line);
      return match ? [{ rows: Number(match[1]), label: match[2]!, units: Number(match[3]), ms: Number(match[4]) }] : [];
    });
  if (run.status !== 0 || found.length === 0) {
    console.log(run.stdout.slice(-4_000), run.stderr.slice(-4_000));
    throw new Error(`the board page measurement at ${rows} talents failed`);
  }
  return found;
};

export const runBoardPageBench = async (): Promise<boolean> => {
  const small = measure(Number(process.env.BENCH_BOARD_SMALL ?? 100));
  const large = measure(Number(process.env.BENCH_BOARD_ROWS ?? 5_000));
  let ok = true;
  for (const page of large) {
    const base = small.find((entry) => entry.label === page.label)!;
    const checks = [
      { goal: 'read units <= 10', met: page.units <= 10 },
      { goal: 'answer <= 100 ms', met: page.ms <= 100 },
      { goal: `within 2x of ${base.rows} talents (${base.units} units, ${base.ms} ms)`, met: page.units <= 2 * base.units && page.ms <= Math.max(2 * base.ms, 20) },
    ];
    for (const check of checks) {
      console.log(`${check.met ? 'PASS' : 'FAIL'} board ${page.label} page at ${page.rows} talents: ${page.units} read units, ${page.ms} ms — ${check.goal}`);
      ok &&= check.met;
    }
  }
  return ok;
};
