/**
 * The dead-code check of `npm run lint` (issue 29): knip, configured by knip.config.ts, lists the
 * files nobody imports, the exports nobody uses and the dependencies nobody needs; any of them
 * fails the check, except the findings in KNOWN, each kept with the reason it stays for now.
 * A KNOWN entry knip no longer reports is printed so the list only shrinks.
 *
 * `tsx scripts/dead-code.ts` prints what it found and exits 1 when anything is left.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** One knip finding: its kind (files, exports, types, dependencies...), where, and what. */
export type Finding = { kind: string; file: string; name: string };

/** Findings that stay for now, each with its reason (none today: a new one needs a reason here). */
const KNOWN: readonly (Finding & { reason: string })[] = [];

const sameFinding = (a: Finding, b: Finding) => a.kind === b.kind && a.file === b.file && a.name === b.name;

/** knip's JSON report, one row per finding (a duplicate export is its names joined by "|"). */
export const runKnip = (cwd = process.cwd()): Finding[] => {
  const run = spawnSync(process.execPath, [join(cwd, 'node_modules/knip/bin/knip.js'), '--reporter', 'json', '--no-progress', '--no-config-hints'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  // 1 means "found something"; anything else is knip failing (a bad configuration, a crash).
  if (run.status !== 0 && run.status !== 1) throw new Error(`knip failed (exit ${run.status}): ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { issues: ({ file: string } & Record<string, unknown>)[] };
  return report.issues.flatMap(({ file, ...kinds }) =>
    Object.entries(kinds).flatMap(([kind, entries]) =>
      (entries as ({ name: string } | { name: string }[])[]).map((entry) => ({ kind, file, name: Array.isArray(entry) ? entry.map((part) => part.name).join('|') : entry.name })),
    ),
  );
};

/** What fails the check (found and not KNOWN), and the KNOWN entries no longer found. */
export const judge = (found: Finding[], known: readonly Finding[] = KNOWN): { dead: Finding[]; stale: Finding[] } => ({
  dead: found.filter((finding) => !known.some((entry) => sameFinding(entry, finding))),
  stale: known.filter((entry) => !found.some((finding) => sameFinding(entry, finding))),
});

const main = () => {
  const { dead, stale } = judge(runKnip());
  for (const entry of stale) console.log(`dead-code: no longer found, remove it from KNOWN in scripts/dead-code.ts: ${entry.kind} ${entry.file} ${entry.name}`);
  if (!dead.length) {
    console.log(`dead-code: nothing unused (${KNOWN.length - stale.length} known findings left to other work)`);
    return;
  }
  console.error(`dead-code: ${dead.length} unused (remove them, or use them):`);
  for (const finding of dead) console.error(`  ${finding.kind.padEnd(16)} ${finding.file}${finding.kind === 'files' ? '' : `  ${finding.name}`}`);
  process.exitCode = 1;
};

if (import.meta.url === `file://${process.argv[1]}`) main();
