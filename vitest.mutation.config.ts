import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// Stryker's vitest runner mutates one folder set and reruns tests per mutant: a single project that
// holds only the unit tests beside the mutated code keeps each rerun short, and the unit project's
// pinned env (clocks, tiers) comes from vitest.config.ts so the tests see the same world as `npm test`.
const unit = base.test?.projects?.find((project) => typeof project === 'object' && 'test' in project && project.test?.name === 'unit');
if (!unit || typeof unit !== 'object' || !('test' in unit)) throw new Error('vitest.config.ts has no "unit" project to take the pinned env from');

// The fixtures' exact answers and the hostile cases run the rules end to end on realistic threads.
export const MUTATED_TESTS = [
  'shared/conversation-status.test.ts',
  'functions/lib/conversations/rules/**/*.test.ts',
  'functions/lib/mail/**/*.test.ts',
  'test/fixtures/conversations/answers-exact.test.ts',
  'test/fixtures/conversations/hostile-cases.test.ts',
];

export default defineConfig({
  test: {
    name: 'mutation',
    env: unit.test?.env,
    environment: 'node',
    include: MUTATED_TESTS,
  },
});
