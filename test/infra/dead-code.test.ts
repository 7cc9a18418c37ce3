import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { judge } from '../../scripts/dead-code';

/**
 * Issue 29, point 4: `npm run lint` runs the dead-code check (scripts/dead-code.ts, knip). Probe
 * files are written into the tree, the check is run as lint runs it, and must fail naming them: a
 * file nobody imports, and an export nobody imports from a file something does import (a repo
 * script is an entry, so its imports are live). The probes are removed whatever happens.
 */
const tag = `dead-code-probe-${process.pid}`;
const probes = {
  used: [`functions/lib/processing/${tag}.ts`, 'export const probeUsed = 1;\nexport const probeNobodyImports = 2;\n'],
  entry: [`scripts/${tag}.ts`, `import { probeUsed } from '../functions/lib/processing/${tag}';\n\nconsole.log(probeUsed);\n`],
  orphan: [`functions/lib/processing/${tag}-orphan.ts`, 'export const orphanValue = 3;\n'],
} as const;

let run: { status: number | null; output: string };

beforeAll(() => {
  try {
    for (const [path, text] of Object.values(probes)) writeFileSync(path, text);
    const result = spawnSync('npm', ['run', '--silent', 'lint:dead-code'], { encoding: 'utf8' });
    run = { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    for (const [path] of Object.values(probes)) rmSync(path, { force: true });
  }
}, 240_000);

describe('npm run lint guards against dead code', () => {
  it('runs the dead-code check', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.lint).toContain('npm run lint:dead-code');
    expect(scripts['lint:dead-code']).toBe('tsx scripts/dead-code.ts');
  });

  it('fails on a file nobody imports and on an export nobody imports, and only on what is unused', () => {
    expect(run.status, run.output).toBe(1);
    expect(run.output).toMatch(new RegExp(`exports\\s+${probes.used[0]}\\s+probeNobodyImports`));
    expect(run.output).toMatch(new RegExp(`files\\s+${probes.orphan[0]}`));
    expect(run.output).not.toContain('probeUsed');
  });

  it('lets a finding owned by other work through only while it is listed, and says when a listed one is gone', () => {
    const known = [{ kind: 'exports', file: 'web/src/a.ts', name: 'a' }, { kind: 'types', file: 'web/src/b.ts', name: 'B' }];
    const found = [{ kind: 'exports', file: 'web/src/a.ts', name: 'a' }, { kind: 'exports', file: 'functions/x.ts', name: 'x' }];
    expect(judge(found, known)).toEqual({ dead: [{ kind: 'exports', file: 'functions/x.ts', name: 'x' }], stale: [{ kind: 'types', file: 'web/src/b.ts', name: 'B' }] });
  });
});
