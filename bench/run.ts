/**
 * `npm run bench`: every benchmark of the project, one after another. Numbers, not pass/fail,
 * except where a bound is part of the contract (an API bundle over 1 MB fails).
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const suites: { name: string; load: () => Promise<{ run: () => Promise<boolean | void> }> }[] = [
  { name: 'Lambda bundles: size and cold import time', load: async () => ({ run: (await import('./bundles')).runBundleBench }) },
  { name: 'Processing: threads/minute, tokens and quota units per thread, sheet writes', load: async () => ({ run: (await import('./processing')).runProcessingBench }) },
  {
    name: 'Job scale: a 50,000-thread job on the real ASL under the enforced Step Functions limits (256 KB, 25,000 events)',
    // a figure, not a gate yet: the outcome is printed (issue 15 point 3)
    load: async () => ({ run: async () => void (await (await import('./job-scale')).runJobScaleBench()) }),
  },
  { name: 'Longlist import: 20,000 rows in the background (route answer time, rows/s, answer size)', load: async () => ({ run: (await import('./import')).runImportBench }) },
];

let failed = false;
for (const suite of suites) {
  console.log(`\n== ${suite.name}`);
  const { run } = await suite.load();
  const ok = await run();
  if (ok === false) failed = true;
}
process.exit(failed ? 1 : 0);

export {};
