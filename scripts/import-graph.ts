/**
 * The server's import graph, for `npm run lint` and test/infra/import-graph.test.ts (issue 29):
 * how many import cycles there are, and which imports inside functions/lib point from a lower layer
 * (the data layer, HTTP, the platform ports and their adapters, the Google, OpenAI and mail clients)
 * up to a domain folder. Written with the TypeScript compiler API, which resolves imports exactly as
 * `npm run typecheck` does, so no graph tool (madge, dependency-cruiser) is needed.
 *
 * `tsx scripts/import-graph.ts` prints the numbers and every offender; `--check` also exits 1 when
 * there is a cycle or more upward imports than the budget.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * Every folder (and top-level file) of functions/lib, as a lower layer or a domain. Lower layers
 * are what domain code builds on: the data layer, the HTTP and task wrappers with the caller's
 * tenant scope (session/), the platform ports and their adapters (async/, workflow/), the Google,
 * OpenAI and mail clients, and the plumbing (crypto, limits, observability, logger). They import
 * no domain folder. A new folder must be placed in one list: the script refuses an unknown one.
 */
export const LOWER_LAYERS = ['store', 'http', 'tasks', 'session', 'platform', 'async', 'workflow', 'google', 'ai', 'mail', 'crypto', 'limits', 'observability', 'logger.ts'];
export const DOMAINS = ['audit', 'campaigns', 'conversations', 'identity', 'mailboxes', 'processing', 'push', 'settings', 'talents'];
/** The budget: a few upward imports may stay where moving them would cost more than it saves. */
export const UPWARD_BUDGET = 4;

export type ImportEdge = { from: string; to: string };
export type ImportGraph = { files: string[]; edges: ImportEdge[] };

const ROOTS = ['functions', 'shared'];
const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts');

/** The product's own source files below `dir` (.ts and .tsx; no tests, no declarations). */
export const listProductSources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listProductSources(path);
    return isSource(entry.name) ? [path] : [];
  });

const compilerOptions = (root: string): ts.CompilerOptions => {
  const configPath = join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, root).options;
};

/** Every import, export-from and type import between the product's own server files (tests left out). */
export const readImportGraph = (root = process.cwd()): ImportGraph => {
  const options = compilerOptions(root);
  const absolute = ROOTS.flatMap((dir) => listProductSources(resolve(root, dir)));
  const known = new Set(absolute);
  const toRepoPath = (file: string) => relative(root, file).split(sep).join('/');
  const edges: ImportEdge[] = [];
  for (const file of absolute) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (target && known.has(resolve(target))) edges.push({ from: toRepoPath(file), to: toRepoPath(resolve(target)) });
    }
  }
  return { files: absolute.map(toRepoPath), edges };
};

/** The strongly connected components with more than one file: each is one knot of cycles to untie. */
export const findCycles = ({ files, edges }: ImportGraph): string[][] => {
  const next = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const { from, to } of edges) next.get(from)?.push(to);
  // Tarjan's algorithm, recursive: the server's import chains are a few dozen files deep at most.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of next.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfImport = (next.get(file) ?? []).includes(file);
    if (component.length > 1 || selfImport) components.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return components;
};

const libFolder = (file: string) => (file.startsWith('functions/lib/') ? file.slice('functions/lib/'.length).split('/')[0] : undefined);

/** Folders of functions/lib in neither list. */
export const unplacedFolders = ({ files }: ImportGraph): string[] =>
  [...new Set(files.map(libFolder).filter((folder) => folder !== undefined))].filter((folder) => !LOWER_LAYERS.includes(folder) && !DOMAINS.includes(folder)).sort();

/** Imports inside functions/lib from a lower layer to a domain folder. */
export const findUpwardImports = ({ edges }: ImportGraph): ImportEdge[] =>
  edges.filter(({ from, to }) => {
    const source = libFolder(from);
    const target = libFolder(to);
    return source !== undefined && target !== undefined && LOWER_LAYERS.includes(source) && DOMAINS.includes(target);
  });

const main = () => {
  const graph = readImportGraph();
  const cycles = findCycles(graph);
  const upward = findUpwardImports(graph);
  const unplaced = unplacedFolders(graph);
  console.log(`import cycles: ${cycles.length}`);
  for (const cycle of cycles) console.log(`  ${cycle.join(' <-> ')}`);
  console.log(`upward imports in functions/lib: ${upward.length} (budget ${UPWARD_BUDGET})`);
  for (const { from, to } of upward) console.log(`  ${from} -> ${to}`);
  if (unplaced.length) console.log(`folders of functions/lib in no layer (place them in scripts/import-graph.ts): ${unplaced.join(', ')}`);
  if (process.argv.includes('--check') && (cycles.length > 0 || upward.length > UPWARD_BUDGET || unplaced.length > 0)) {
    console.error('The server imports in one direction: untie the cycles and move the upward imports (issue 29).');
    process.exitCode = 1;
  }
};

if (import.meta.url === `file://${process.argv[1]}`) main();
