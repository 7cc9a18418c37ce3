/**
 * `npm run mutation`: the mutation score of the rules staff rely on (issue 23, point 8), in one
 * command. Every file of stryker.config.mjs's `mutate` set gets its own Stryker process, one after
 * another, and their reports are merged into one score and one report
 * (reports/mutation/mutation.json).
 *
 * Why one process per file: one long Stryker run over the whole set (StrykerJS 10.1, vitest runner)
 * stopped running tests two thirds of the way through, and every later mutant (whole files) was
 * reported "survived" with no test run at all (30.5 % on 2026-11-28; the same tests kill 95 % of
 * them file by file). A mutant reported survived after no test ran is the runner failing, so such
 * a report fails this command instead of being counted.
 *
 * Options: `-- <file> ...` runs only those files (from the set); MUTATION_CONCURRENCY sets Stryker's.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';
import { globSync } from 'tinyglobby';

type Mutant = { status: string; testsCompleted?: number; static?: boolean; coveredBy?: string[] };
type Report = { schemaVersion: string; thresholds: { high: number; low: number }; files: Record<string, { mutants: Mutant[] }>; testFiles?: Record<string, unknown> };

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'reports/mutation');
const parts = path.join(out, 'parts');

/** The files the config's `mutate` globs select ('!' patterns exclude), sorted. */
export const mutatedFiles = (patterns: readonly string[], cwd = root): string[] => globSync([...patterns], { cwd }).sort();

const DETECTED = new Set(['Killed', 'Timeout']);
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);

export type Score = { detected: number; counted: number; notRun: number; timedOut: number };

/** Stryker's mutation score (detected over valid mutants), and the survivors no test ran for. */
export const scoreOf = (mutants: readonly Mutant[]): Score => ({
  detected: mutants.filter((m) => DETECTED.has(m.status)).length,
  counted: mutants.filter((m) => COUNTED.has(m.status)).length,
  notRun: mutants.filter((m) => m.status === 'Survived' && !m.testsCompleted).length,
  timedOut: mutants.filter((m) => m.status === 'Timeout').length,
});

const percent = (s: Score) => (s.counted ? (100 * s.detected) / s.counted : 100);

const runFile = (file: string, index: number, concurrency: number): Report => {
  const name = file.replaceAll('/', '_');
  const report = path.join(parts, `${name}.json`);
  const config = path.join(parts, `${name}.config.mjs`);
  writeFileSync(
    config,
    `import base from ${JSON.stringify(path.join(root, 'stryker.config.mjs'))};
export default {
  ...base,
  mutate: [${JSON.stringify(file)}],
  reporters: ['progress', 'json'],
  jsonReporter: { fileName: ${JSON.stringify(report)} },
  tempDirName: '.stryker-tmp-${index}',
  concurrency: ${concurrency},
  thresholds: { ...base.thresholds, break: null },
};
`,
  );
  rmSync(report, { force: true });
  const run = spawnSync('npx', ['stryker', 'run', config], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`Stryker failed on ${file} (exit ${run.status})`);
  return JSON.parse(readFileSync(report, 'utf8')) as Report;
};

const main = async () => {
  const strykerConfig = ((await import(pathToFileURL(path.join(root, 'stryker.config.mjs')).href)) as { default: PartialStrykerOptions }).default;
  const all = mutatedFiles((strykerConfig.mutate ?? []).filter((p): p is string => typeof p === 'string'));
  const asked = process.argv.slice(2);
  const unknown = asked.filter((f) => !all.includes(f));
  if (unknown.length) throw new Error(`Not in stryker.config.mjs's mutate set: ${unknown.join(', ')}`);
  const files = asked.length ? asked : all;
  const concurrency = Number(process.env.MUTATION_CONCURRENCY ?? strykerConfig.concurrency ?? 2);
  mkdirSync(parts, { recursive: true });

  const started = Date.now();
  const merged: Report = { schemaVersion: '2', thresholds: { high: 90, low: 80 }, files: {}, testFiles: {} };
  files.forEach((file, index) => {
    console.log(`\n== mutation ${index + 1}/${files.length}: ${file}`);
    const report = runFile(file, index, concurrency);
    Object.assign(merged.files, report.files);
    Object.assign(merged.testFiles!, report.testFiles ?? {});
  });
  writeFileSync(path.join(out, 'mutation.json'), JSON.stringify(merged));

  const total: Score = { detected: 0, counted: 0, notRun: 0, timedOut: 0 };
  console.log('\nfile | detected / mutants | score | of them timed out');
  for (const [file, { mutants }] of Object.entries(merged.files)) {
    const s = scoreOf(mutants);
    total.detected += s.detected;
    total.counted += s.counted;
    total.notRun += s.notRun;
    total.timedOut += s.timedOut;
    console.log(`${file} | ${s.detected} / ${s.counted} | ${percent(s).toFixed(1)} % | ${s.timedOut}${s.notRun ? ` | ${s.notRun} survived with no test run` : ''}`);
  }
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\nmutation score: ${total.detected} / ${total.counted} = ${percent(total).toFixed(2)} % over ${files.length} files in ${minutes} min, ${total.timedOut} detected by a timeout (reports/mutation/mutation.json)`);
  if (total.notRun) {
    console.error(`${total.notRun} mutants were reported survived although no test ran for them: the runner failed, the score is not trusted.`);
    process.exit(1);
  }
  const floor = strykerConfig.thresholds?.break;
  if (typeof floor === 'number' && percent(total) < floor) {
    console.error(`The mutation score is under the floor of ${floor} % (stryker.config.mjs thresholds.break).`);
    process.exit(1);
  }
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
