import type { KnipConfig } from 'knip';
import { routes, tasks } from './functions/routes';

/**
 * The dead-code check of `npm run lint` (scripts/dead-code.ts runs knip with this): files nobody
 * imports, exports nobody uses, dependencies nobody needs. Entries are what something outside the
 * import graph starts: every handler the route manifest names (CDK and the local runtime load
 * them by path), the CDK app, the bench, the emulators run on their own, the repo scripts and the
 * mutation run's vitest config; knip's plugins find the rest (package.json scripts, vitest, vite).
 */
const handlers = [...routes, ...tasks].map((entry) => `functions/${entry.handler}.ts`);

const config: KnipConfig = {
  entry: [...handlers, 'infra/app.ts', 'bench/*.ts', 'test/emulators/*/main.ts', 'scripts/*.ts', 'vitest.mutation.config.ts'],
  project: ['functions/**/*.ts', 'shared/**/*.ts', 'infra/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'web/src/**/*.{ts,tsx}', 'web/*.ts', '*.ts'],
  ignoreDependencies: [
    // Puts Node 24 (Lambda's runtime) first on the npm scripts' PATH; nothing imports it.
    'node',
    // Imported by web/src/index.css (`@import 'tailwindcss'`), which knip does not read.
    'tailwindcss',
    // The type of stryker.config.mjs's JSDoc annotation; it comes with @stryker-mutator/core.
    '@stryker-mutator/api',
    // Loaded through createRequire by test/infra/third-party-checks.test.ts, which knip does not follow.
    'asl-validator',
  ],
  // A value or type used in its own file is not dead: exporting it too documents the module.
  ignoreExportsUsedInFile: true,
};

export default config;
