/**
 * `npm run bench`: every benchmark of the project, one after another. Numbers, not pass/fail,
 * except where a bound is part of the contract (a goal of issue 24 missed fails the run).
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const suites: { name: string; load: () => Promise<{ run: () => Promise<boolean | void> }> }[] = [
  { name: 'Lambda bundles: size (API route <= 500 KB, task <= 1 MB) and cold import time', load: async () => ({ run: (await import('./bundles')).runBundleBench }) },
  {
    name: "OpenAI throughput: threads/min as a share of the key's binding limit at 1 s and 3 s model latency, tiers 1 and 2 (goal >= 80 %)",
    load: async () => ({ run: (await import('./openai-throughput')).runOpenAiThroughputBench }),
  },
  { name: 'Processing: threads/minute, tokens and quota units per thread, sheet writes', load: async () => ({ run: (await import('./processing')).runProcessingBench }) },
  {
    name: 'Job scale: a 50,000-thread job on the real ASL under the enforced Step Functions limits (256 KB, 25,000 events)',
    // a gate (issue 15 point 3): the run fails when the job does not complete under the limits
    load: async () => ({ run: async () => (await import('./job-scale')).runJobScaleBench() }),
  },
  { name: 'Longlist import: 20,000 rows in the background (route answer time, rows/s, answer size)', load: async () => ({ run: (await import('./import')).runImportBench }) },
  {
    name: 'Contact search: 20,000 contacts, items and read units per answer (bounded), the talent on the last listing page found at once',
    load: async () => ({ run: (await import('./contacts-search')).runContactSearchBench }),
  },
  {
    name: 'Board page: read units and answer time of a 50-row page at 100 and 5,000 talents (goal <= 10 units, <= 100 ms, within 2x)',
    load: async () => ({ run: (await import('./board-page')).runBoardPageBench }),
  },
  { name: 'Gmail push: new mail to the conversations API over 20 messages (p50, p90; goal p90 ≤ 15 s)', load: async () => ({ run: (await import('./push-latency')).runPushLatencyBench }) },
  { name: 'SPA first signed-in page: brotli size of the code Chromium downloads loading the dashboard after sign-in, up to network idle (budget 150 KB)', load: async () => ({ run: (await import('./spa')).runSpaBench }) },
  { name: 'AWS cost: counted calls x list prices (fixed, idle agency-month <= $0.10, active agency-month <= $3)', load: async () => ({ run: (await import('./cost')).runCostBench }) },
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
