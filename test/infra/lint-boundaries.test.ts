import { rmSync, writeFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` enforces the import boundaries, the type-aware rules and the rules of hooks
 * (eslint.config.js): temporary files that break one are written into the tree and linted as
 * `npm run lint` lints them, and must fail; the allowed forms must pass. One lint run for all
 * probes, since the type-aware rules load the TypeScript project once.
 */
const tag = `lint-probe-${process.pid}`;
const probes = {
  importsTest: ['functions/lib/processing', "import { seed } from '../../../test/fixtures/seed';\nexport const x = seed;\n", 'ts'],
  importsLocalRuntime: ['functions/lib/processing', "import { startRuntime } from '../../../infra/local/runtime';\nexport const x = startRuntime;\n", 'ts'],
  importsOwnLib: ['functions/lib/processing', "import { logger } from '../logger';\nexport const x = logger;\n", 'ts'],
  featureLib: ['web/src/features/dashboard/components', "import { queueText } from '../../conversations/lib/queue-text';\nexport const x = queueText;\n", 'tsx'],
  featureRoute: ['web/src/features/dashboard/components', "import { TalentTimelineRoute } from '../../conversations/routes/talent-timeline';\nexport const x = TalentTimelineRoute;\n", 'tsx'],
  featureApi: ['web/src/features/dashboard/components', "import { useConversations } from '../../conversations/api/list-conversations';\nexport const x = useConversations;\n", 'tsx'],
  sharedLib: ['web/src/features/dashboard/components', "import { api } from '../../../lib/api-client';\nexport const x = api;\n", 'tsx'],
  featureImportsTesting: ['web/src/features/dashboard/components', "import { testCampaign } from '../../../testing/campaign-fakes';\nexport const x = testCampaign;\n", 'tsx'],
  libImportsTesting: ['web/src/lib', "import { fakeApi } from '../testing/render';\nexport const x = fakeApi;\n", 'ts'],
  testImportsTesting: ['web/src/features/dashboard/components', "import { testCampaign } from '../../../testing/campaign-fakes';\nexport const x = testCampaign;\n", 'test.tsx'],
  storeImportsDomain: ['functions/lib/store', "import { readSettings } from '../settings/store';\nexport const x = readSettings;\n", 'ts'],
  storeEntityImportsDomain: ['functions/lib/store/entities', "import { bumpSheetsWanted } from '../../processing/monitor-registry';\nexport const x = bumpSheetsWanted;\n", 'ts'],
  storeImportsHandlers: ['functions/lib/store', "import { routes } from '../../routes';\nexport const x = routes;\n", 'ts'],
  storeImportsOwnLayer: [
    'functions/lib/store/entities',
    "import { storeConfig } from '../client';\nimport { perPlatform } from '../../platform/platform';\nimport { MODEL_PURPOSES } from '../../../../shared/constants';\nexport const x = [storeConfig, perPlatform, MODEL_PURPOSES];\n",
    'ts',
  ],
  sharedImportsFunctions: ['shared/schemas', "import { routes } from '../../functions/routes';\nexport const x = routes;\n", 'ts'],
  sharedImportsWeb: ['shared', "import { cn } from '../web/src/lib/cn';\nexport const x = cn;\n", 'ts'],
  sharedImportsShared: ['shared/schemas', "import { messages } from '../messages';\nimport * as z from 'zod';\nexport const x = [messages, z];\n", 'ts'],
  castScope: [
    'functions/lib/processing',
    "import type { AgencyScope } from '../session/resolve';\nexport const a = { agencyName: 'a' } as AgencyScope;\nexport const b = <AgencyScope>{ agencyName: 'b' };\n",
    'ts',
  ],
  factoryScope: ['functions/lib/processing', "import { taskScope } from '../session/resolve';\nexport const a = taskScope('a', 'monitor');\n", 'ts'],
  floatingPromise: ['functions/lib/processing', 'const save = async () => 1;\nexport const go = () => {\n  save();\n};\n', 'ts'],
  awaitedPromise: ['functions/lib/processing', 'const save = async () => 1;\nexport const go = async () => {\n  await save();\n};\n', 'ts'],
  hooks: ['web/src/hooks', "import { useEffect, useState } from 'react';\nexport const useX = (a: number) => {\n  const [b, setB] = useState(0);\n  useEffect(() => setB(a), []);\n  if (a) useState(1);\n  return b;\n};\n", 'ts'],
} as const satisfies Record<string, readonly [string, string, 'ts' | 'tsx' | 'test.tsx']>;
type Probe = keyof typeof probes;

const fileOf = (name: Probe) => `${probes[name][0]}/${tag}-${name}.${probes[name][2]}`;
const hits = new Map<Probe, { rule: string; message: string }[]>();

beforeAll(async () => {
  const names = Object.keys(probes) as Probe[];
  try {
    for (const name of names) writeFileSync(fileOf(name), probes[name][1]);
    const results = await new ESLint({ cwd: process.cwd() }).lintFiles(names.map(fileOf));
    names.forEach((name, i) => hits.set(name, results[i]!.messages.map((m) => ({ rule: m.ruleId ?? 'parse', message: m.message }))));
  } finally {
    for (const name of names) rmSync(fileOf(name), { force: true });
  }
}, 120_000);
afterAll(() => hits.clear());

const rules = (name: Probe) => hits.get(name)!.map((h) => h.rule);
const messages = (name: Probe, rule: string) => hits.get(name)!.filter((h) => h.rule === rule).map((h) => h.message);

describe('lint enforces the import boundaries', () => {
  it('functions/ never imports test code or the local runtime', () => {
    expect(messages('importsTest', 'no-restricted-imports')).toEqual([expect.stringContaining('never imports test code')]);
    expect(messages('importsLocalRuntime', 'no-restricted-imports')).toEqual([expect.stringContaining('the local runtime injects')]);
    expect(rules('importsOwnLib')).toEqual([]);
  });

  it("a feature does not import another feature's lib/ or routes/, only its api/ and components/", () => {
    expect(messages('featureLib', 'no-restricted-imports')).toEqual([expect.stringContaining("do not import each other's internals")]);
    expect(messages('featureRoute', 'no-restricted-imports')).toHaveLength(1);
    expect(rules('featureApi')).toEqual([]);
    expect(rules('sharedLib')).toEqual([]);
  });
});

describe('lint keeps test scaffolding out of the web app', () => {
  it('product code (a feature, web/src/lib) never imports web/src/testing/; a test does', () => {
    expect(messages('featureImportsTesting', 'no-restricted-imports')).toEqual([expect.stringContaining('Product code does not import web/src/testing/')]);
    expect(messages('libImportsTesting', 'no-restricted-imports')).toEqual([expect.stringContaining('Product code does not import web/src/testing/')]);
    expect(rules('testImportsTesting')).toEqual([]);
  });
});

describe('lint keeps shared/ and the data layer free of domain code', () => {
  it('functions/lib/store/ imports only store/, platform/ and shared/: a domain folder or a handler is refused', () => {
    expect(messages('storeImportsDomain', 'no-restricted-imports')).toEqual([expect.stringContaining('functions/lib/store/ is the data layer')]);
    expect(messages('storeEntityImportsDomain', 'no-restricted-imports')).toEqual([expect.stringContaining('functions/lib/store/ is the data layer')]);
    expect(messages('storeImportsHandlers', 'no-restricted-imports')).toEqual([expect.stringContaining('functions/lib/store/ is the data layer')]);
    expect(rules('storeImportsOwnLayer')).toEqual([]);
  });

  it('shared/ imports only shared/ and packages: functions/ and web/ are refused', () => {
    expect(messages('sharedImportsFunctions', 'no-restricted-imports')).toEqual([expect.stringContaining('shared/ is imported by the web app and the server')]);
    expect(messages('sharedImportsWeb', 'no-restricted-imports')).toEqual([expect.stringContaining('shared/ is imported by the web app and the server')]);
    expect(rules('sharedImportsShared')).toEqual([]);
  });
});

describe('lint keeps the tenant scope to its factories', () => {
  it('a cast to AgencyScope fails (as and angle brackets); a scope from taskScope passes', () => {
    expect(messages('castScope', 'no-restricted-syntax')).toEqual([expect.stringContaining('never from a cast'), expect.stringContaining('never from a cast')]);
    expect(rules('factoryScope')).toEqual([]);
  });
});

describe('lint sees what types and hooks can tell', () => {
  it('a promise nobody awaits fails; an awaited one passes', () => {
    expect(rules('floatingPromise')).toEqual(['@typescript-eslint/no-floating-promises']);
    expect(rules('awaitedPromise')).toEqual([]);
  });

  it('a conditional hook and an effect missing what it reads fail', () => {
    expect(rules('hooks').sort()).toEqual(['react-hooks/exhaustive-deps', 'react-hooks/rules-of-hooks']);
  });
});
