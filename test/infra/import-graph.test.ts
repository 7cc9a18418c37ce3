import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, findUpwardImports, readImportGraph, unplacedFolders, UPWARD_BUDGET } from '../../scripts/import-graph';

/**
 * Issue 29, point 1: the server imports in one direction. scripts/import-graph.ts (run by
 * `npm run lint`) reads functions/ and shared/ as `npm run typecheck` resolves them; here the
 * real tree must have no cycle and at most UPWARD_BUDGET imports from a lower layer of
 * functions/lib to a domain folder, and a small tree of its own shows the script sees both.
 */
describe('the server import graph', () => {
  it('has no import cycle, at most the budget of upward imports, and every functions/lib folder in a layer', () => {
    const graph = readImportGraph();
    const cycles = findCycles(graph);
    const upward = findUpwardImports(graph);
    console.log(`import-graph: ${graph.files.length} files, ${graph.edges.length} imports, ${cycles.length} cycles, ${upward.length} upward imports`);
    expect(cycles).toEqual([]);
    expect(upward.length, JSON.stringify(upward)).toBeLessThanOrEqual(UPWARD_BUDGET);
    expect(unplacedFolders(graph)).toEqual([]);
  });

  describe('on a tree with a cycle and a data layer importing a domain', () => {
    const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', strict: true } }));
    // store → processing (upward, through a type import), processing → store (a cycle with it)
    write('functions/lib/store/entity.ts', "import type { Job } from '../processing/jobs';\nexport type Row = Job;\n");
    write('functions/lib/processing/jobs.ts', "import type { Row } from '../store/entity';\nexport type Job = { id: string };\nexport type Rows = Row[];\n");
    // a domain importing a lower layer, and shared/: the allowed direction
    write('functions/lib/campaigns/list.ts', "import { day } from '../../../shared/day';\nimport type { Row } from '../store/entity';\nexport const rows: Row[] = [];\nexport const first = day;\n");
    write('shared/day.ts', 'export const day = 1;\n');
    write('functions/lib/newfolder/thing.ts', 'export const thing = 1;\n');
    // tests are not product code: their imports do not count
    write('functions/lib/store/entity.test.ts', "import { rows } from '../campaigns/list';\nexport const x = rows;\n");

    it('finds the cycle, the upward import, and the folder no layer names', () => {
      const graph = readImportGraph(root);
      expect(graph.files).not.toContain('functions/lib/store/entity.test.ts');
      expect(findCycles(graph)).toEqual([['functions/lib/processing/jobs.ts', 'functions/lib/store/entity.ts']]);
      expect(findUpwardImports(graph)).toEqual([{ from: 'functions/lib/store/entity.ts', to: 'functions/lib/processing/jobs.ts' }]);
      expect(unplacedFolders(graph)).toEqual(['newfolder']);
    });
  });
});
