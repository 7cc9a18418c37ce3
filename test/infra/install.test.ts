import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type LockEntry = { name?: string; version?: string; os?: string[]; cpu?: string[]; optional?: boolean; optionalDependencies?: Record<string, string> };
type PackageJson = { overrides?: Record<string, unknown>; devDependencies: Record<string, string> };

const root = new URL('../../', import.meta.url);
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as { packages: Record<string, LockEntry> };
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as PackageJson;

/** Every copy of a package in the lock (hoisted or nested), by its path. */
const copiesOf = (name: string) => Object.entries(lock.packages).filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`));

/** The platforms developers run `npm ci` on: CI (Linux) and the laptops (macOS, Windows). */
const PLATFORMS = [
  { os: 'linux', cpu: 'x64' },
  { os: 'darwin', cpu: 'arm64' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'win32', cpu: 'x64' },
];

describe('npm ci installs on Linux, macOS and Windows', () => {
  it("swaps no native package for another platform's build (no npm: alias overrides)", () => {
    expect(JSON.stringify(manifest.overrides ?? {})).not.toMatch(/npm:/);
    const aliased = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && entry.name && !path.endsWith(`node_modules/${entry.name}`));
    expect(aliased.map(([path, entry]) => `${path} → ${entry.name}`)).toEqual([]);
  });

  // What `npm ci` itself refuses: an optional dependency the lock names but does not hold (a mirror
  // that lacked some platform's binary when the lock was written).
  it('holds every optional dependency any locked package names', () => {
    const missing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const base = path.endsWith(`node_modules/${entry.name ?? path.split('node_modules/').pop()}`) ? `${path}/` : '';
      return Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !lock.packages[`${base}node_modules/${name}`] && !copiesOf(name).length)
        .map((name) => `${path || '(root)'} → ${name}`);
    });
    expect(missing).toEqual([]);
  });

  for (const parent of ['@tailwindcss/oxide', 'lightningcss', 'esbuild']) {
    it(`keeps ${parent}'s optional platform binaries in the lock, each for its own platform`, () => {
      const copies = copiesOf(parent);
      expect(copies.length).toBeGreaterThan(0);
      for (const [path, entry] of copies) {
        const optional = Object.keys(entry.optionalDependencies ?? {});
        expect(optional.length, path).toBeGreaterThan(3);
        // resolved as npm would from where the parent sits: nested first, then hoisted
        const base = path.slice(0, path.length - parent.length);
        const resolved = optional.map((name) => lock.packages[`${base}${name}/node_modules/${name}`] ?? lock.packages[`${base}${name}`] ?? lock.packages[`node_modules/${name}`]);
        optional.forEach((name, index) => {
          const binary = resolved[index];
          expect(binary, `${path}: ${name} missing from the lock`).toBeDefined();
          expect(binary!.optional, name).toBe(true);
          expect(binary!.version, name).toBe(entry.optionalDependencies![name]);
          // the entry installs on the platform its name says (darwin-arm64 → os darwin, cpu arm64)
          const platform = PLATFORMS.find(({ os, cpu }) => name.includes(`${os}-${cpu}`));
          if (platform) {
            expect(binary!.os, name).toEqual([platform.os]);
            expect(binary!.cpu, name).toEqual([platform.cpu]);
          }
        });
        for (const { os, cpu } of PLATFORMS) {
          expect(resolved.some((binary) => binary?.os?.includes(os) && binary.cpu?.includes(cpu)), `${path} has a ${os}-${cpu} binary`).toBe(true);
        }
      }
    });
  }
});
