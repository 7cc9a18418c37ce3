/**
 * Lambda bundle benchmark: `npx tsx bench/bundles.ts [Id ...]` (or `npm run bench`).
 *
 * Bundles every manifest route and task with the exact esbuild options the CDK app uses
 * (infra/constructs/bundling.ts) into .bench/bundles/<id>/, then measures each bundle's cold
 * import: the median of fresh `node` processes that each time a dynamic import of the bundle.
 * Fails when an API route bundle exceeds 500 KB or a task bundle 1 MB (cold start budgets, not
 * Lambda limits: issue 24, "light functions"), and when any bundle directory (what CDK zips)
 * holds a source map or a bundle points at one. For every bundle near or over its budget it
 * prints what weighs most in it (esbuild's metafile, by package or source folder), which is where
 * a fix starts. The AWS SDK clients named in LAMBDA_RUNTIME_PACKAGES are the Lambda runtime's, not
 * the bundle's: the sizes leave them out (they are not in the zip), the cold imports load them from
 * node_modules as Lambda loads its own copy, and the bench fails when a bundle leaves any other
 * package to the runtime.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, type Metafile } from 'esbuild';
import { routes, tasks } from '../functions/routes';
import { BUNDLE_FILE_NAME, esbuildOptions, LAMBDA_RUNTIME_PACKAGES, RUNTIME_NODE_OPTIONS } from '../infra/constructs/bundling';
import { handlerEntry, PROJECT_ROOT } from '../infra/constructs/paths';

/** Per kind: an API route answers a person waiting on it, a task runs in the background. */
export const BUNDLE_LIMIT_BYTES = { route: 500 * 1024, task: 1024 * 1024 } as const;
/** From this share of its budget a bundle's largest inputs are printed, before it tips over. */
const NEAR_LIMIT_SHARE = 0.9;
const LARGEST_INPUTS_SHOWN = 10;
const OUT_DIR = join(PROJECT_ROOT, '.bench', 'bundles');
/** Two cores on the build machines: more parallel esbuild runs only contend. */
const BUNDLE_POOL_SIZE = 2;
const IMPORT_RUNS = 5;

export type BenchEntry = { id: string; kind: 'route' | 'task'; handler: string };
export type BundleResult = BenchEntry & { bytes: number; importMs: number; sameAs?: string };

const run = promisify(execFile);

const manifestEntries = (): BenchEntry[] => [
  ...routes.map((route) => ({ id: route.id, kind: 'route' as const, handler: route.handler })),
  ...tasks.map((task) => ({ id: task.id, kind: 'task' as const, handler: task.handler })),
];

const bundleFile = (id: string): string => join(OUT_DIR, id, BUNDLE_FILE_NAME);

/** Each bundle's metafile, kept in memory: a file beside the bundle would be zipped with it. */
const metafiles = new Map<string, Metafile>();

const bundle = async (entry: BenchEntry): Promise<void> => {
  const { metafile } = await build({
    ...esbuildOptions,
    entryPoints: [handlerEntry(entry.handler)],
    outfile: bundleFile(entry.id),
    logLevel: 'error',
    metafile: true,
  });
  metafiles.set(entry.id, metafile);
};

/** `node_modules/@scope/name/...` → `@scope/name` (the innermost package); a source file → its folder. */
export const inputGroup = (path: string): string => {
  const packages = [...path.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)];
  if (packages.length) return packages.at(-1)![1]!;
  const folders = path.split('/').slice(0, -1);
  return folders.length ? folders.join('/') : path;
};

/** What a bundle's bytes are made of, largest first: bytes each package or source folder adds. */
export const largestInputs = (metafile: Metafile, count = LARGEST_INPUTS_SHOWN): { group: string; bytes: number }[] => {
  const byGroup = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) byGroup.set(inputGroup(path), (byGroup.get(inputGroup(path)) ?? 0) + input.bytesInOutput);
  }
  return [...byGroup]
    .map(([group, bytes]) => ({ group, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
};

const inPool = async <T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> => {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
};

/** The child times only the import; process start-up is the runtime's cost, not the bundle's. */
const importOnce = async (file: string): Promise<number> => {
  const script = `const started = process.hrtime.bigint();
await import(${JSON.stringify(pathToFileURL(file).href)});
console.log('import-ms=' + Number(process.hrtime.bigint() - started) / 1e6);`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    // What Lambda gives a function: its NODE_OPTIONS and environment, no dev loaders.
    env: { PATH: process.env.PATH, NODE_OPTIONS: RUNTIME_NODE_OPTIONS, TABLE_NAME: 'bench', AWS_REGION: 'eu-west-1', LOG_LEVEL: 'SILENT' },
  });
  const match = /import-ms=([\d.]+)/.exec(stdout);
  if (!match) throw new Error(`No timing from importing ${file}: ${stdout}`);
  return Number(match[1]);
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Sequential, so timings are not skewed by a neighbour's import on the other core. */
const measure = async (entries: BenchEntry[]): Promise<BundleResult[]> => {
  const byContent = new Map<string, BundleResult>();
  const results: BundleResult[] = [];
  for (const entry of entries) {
    const file = bundleFile(entry.id);
    const bytes = statSync(file).size;
    // Functions whose bundles come out the same bytes (the same handler module) need one
    // measurement for all of them.
    const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
    const twin = byContent.get(hash);
    if (twin) {
      results.push({ ...entry, bytes, importMs: twin.importMs, sameAs: twin.id });
      continue;
    }
    const timings: number[] = [];
    for (let attempt = 0; attempt < IMPORT_RUNS; attempt++) timings.push(await importOnce(file));
    const result = { ...entry, bytes, importMs: median(timings) };
    byContent.set(hash, result);
    results.push(result);
  }
  return results;
};

/** Source maps in a bundle directory: .map files, or a sourceMappingURL comment (inline or linked). */
export const sourceMapsIn = (dir: string): string[] => {
  const found: string[] = [];
  for (const name of readdirSync(dir, { recursive: true }).map(String)) {
    const file = join(dir, name);
    if (name.endsWith('.map')) found.push(name);
    else if (/\.[cm]?js$/.test(name) && /[#@]\s*sourceMappingURL=/.test(readFileSync(file, 'utf8'))) found.push(`${name} (sourceMappingURL)`);
  }
  return found;
};

const kb = (bytes: number): string => (bytes / 1024).toFixed(0);

const budgetState = (result: BundleResult): 'over' | 'near' | 'ok' => {
  const limit = BUNDLE_LIMIT_BYTES[result.kind];
  return result.bytes > limit ? 'over' : result.bytes >= limit * NEAR_LIMIT_SHARE ? 'near' : 'ok';
};

const printTable = (results: BundleResult[]): void => {
  const idWidth = Math.max(...results.map((result) => result.id.length), 2);
  console.log(`${'id'.padEnd(idWidth)}  kind   size (KB)  budget (KB)  import median (ms)`);
  for (const result of results) {
    const state = budgetState(result);
    const note = `${state === 'ok' ? '' : `  ${state.toUpperCase()}`}${result.sameAs ? `  (same bundle as ${result.sameAs})` : ''}`;
    console.log(
      `${result.id.padEnd(idWidth)}  ${result.kind.padEnd(5)}  ${(result.bytes / 1024).toFixed(1).padStart(9)}  ` +
        `${kb(BUNDLE_LIMIT_BYTES[result.kind]).padStart(11)}  ${result.importMs.toFixed(1).padStart(18)}${note}`,
    );
  }
};

/** One line per bundle near or over its budget (twins once): its largest inputs. */
const printLargestInputs = (results: BundleResult[]): void => {
  const heavy = results.filter((result) => !result.sameAs && budgetState(result) !== 'ok');
  if (!heavy.length) return;
  console.log(`\nlargest inputs of the ${heavy.length} distinct bundle(s) at ${NEAR_LIMIT_SHARE * 100} % of their budget or more (KB):`);
  for (const result of heavy) {
    const metafile = metafiles.get(result.id);
    if (!metafile) continue;
    const inputs = largestInputs(metafile).map((input) => `${input.group} ${kb(input.bytes)}`);
    console.log(`  ${result.id} (${kb(result.bytes)} of ${kb(BUNDLE_LIMIT_BYTES[result.kind])}): ${inputs.join(', ')}`);
  }
};

const overBudget = (results: BundleResult[], kind: BenchEntry['kind']): BundleResult[] =>
  results.filter((result) => result.kind === kind && result.bytes > BUNDLE_LIMIT_BYTES[kind]);

const largestOf = (results: BundleResult[], kind: BenchEntry['kind']): number =>
  Math.max(0, ...results.filter((result) => result.kind === kind).map((result) => result.bytes));

const medianOf = (results: BundleResult[], kind: BenchEntry['kind']): number => median(results.filter((result) => result.kind === kind).map((result) => result.bytes));

/**
 * Imports a bundle leaves to the runtime that the runtime is not known to provide: `<id>: <path>`.
 * Read from the output's imports: an input's list also names imports TypeScript elides (used as
 * types only), which never reach the bundle.
 */
export const unprovidedExternals = (id: string, metafile: Metafile, provided: readonly string[] = LAMBDA_RUNTIME_PACKAGES): string[] => {
  const found = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (imported.external && !isBuiltin(imported.path) && !provided.includes(imported.path)) found.add(`${id}: ${imported.path}`);
    }
  }
  return [...found];
};

/** Returns false when a bundle is over its budget or ships a source map (bench/run.ts turns that into exit 1). */
export const runBundleBench = async (onlyIds: readonly string[] = []): Promise<boolean> => {
  const entries = manifestEntries().filter((entry) => onlyIds.length === 0 || onlyIds.includes(entry.id));
  if (entries.length === 0) throw new Error(`No manifest entry among ${onlyIds.join(', ')}`);
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });

  const started = performance.now();
  await inPool(entries, BUNDLE_POOL_SIZE, bundle);
  const bundledIn = (performance.now() - started) / 1000;
  const results = await measure(entries);
  const measuredIn = (performance.now() - started) / 1000 - bundledIn;

  printTable(results);
  printLargestInputs(results);
  const distinct = results.filter((result) => !result.sameAs);
  console.log(
    `\n${results.length} bundles (${distinct.length} distinct) in ${bundledIn.toFixed(1)} s; ` +
      `cold imports (median of ${IMPORT_RUNS}) measured in ${measuredIn.toFixed(1)} s; ` +
      `largest route ${kb(largestOf(results, 'route'))} KB, median ${kb(medianOf(results, 'route'))} KB (${overBudget(results, 'route').length} over ${kb(BUNDLE_LIMIT_BYTES.route)} KB), ` +
      `largest task ${kb(largestOf(results, 'task'))} KB, median ${kb(medianOf(results, 'task'))} KB (${overBudget(results, 'task').length} over ${kb(BUNDLE_LIMIT_BYTES.task)} KB), ` +
      `slowest import ${Math.max(...results.map((result) => result.importMs)).toFixed(0)} ms`,
  );

  const withMaps = entries.flatMap((entry) => sourceMapsIn(join(OUT_DIR, entry.id)).map((found) => `${entry.id}/${found}`));
  console.log(`source maps in the ${entries.length} bundle directories: ${withMaps.length}`);
  if (withMaps.length) {
    console.error(`\nFAIL: Lambda bundles would ship source maps: ${withMaps.join(', ')}`);
    return false;
  }

  const unprovided = entries.flatMap((entry) => unprovidedExternals(entry.id, metafiles.get(entry.id)!));
  console.log(`left to the Lambda runtime: ${LAMBDA_RUNTIME_PACKAGES.join(', ')}; anything else left out of a bundle: ${unprovided.length}`);
  let ok = true;
  if (unprovided.length) {
    ok = false;
    console.error(`\nFAIL: bundles import packages the Lambda runtime does not provide and the bundle does not hold: ${unprovided.join(', ')}`);
  }
  for (const kind of ['route', 'task'] as const) {
    const oversized = overBudget(results, kind);
    if (!oversized.length) continue;
    ok = false;
    console.error(
      `\nFAIL: ${oversized.length} ${kind === 'route' ? 'API route' : 'task'} bundle(s) over ${kb(BUNDLE_LIMIT_BYTES[kind])} KB: ` +
        oversized.map((result) => `${result.id} (${kb(result.bytes)} KB)`).join(', '),
    );
  }
  return ok;
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ok = await runBundleBench(process.argv.slice(2));
  process.exit(ok ? 0 : 1);
}
