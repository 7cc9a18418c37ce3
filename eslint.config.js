import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Fakes, builders and the test renderer (web/src/testing/) are for tests, never for the app. */
const NO_TEST_SCAFFOLDING = { regex: '(^|/)testing/', message: 'Product code does not import web/src/testing/ (fakes and test helpers): only tests do.' };

/** functions/ is what runs on AWS, so it never reaches into tests or the local runtime. */
const FUNCTIONS_RUN_ON_AWS = [
  { regex: '(^|/)test/', message: 'functions/ runs on AWS: it never imports test code (emulators, fixtures).' },
  { regex: '(^|/)infra/local(/|$)', message: 'functions/ runs on AWS: the local runtime injects what it needs, functions never import it.' },
];

/**
 * The data layer (functions/lib/store/) imports only itself, the platform seam and shared/: a
 * relative import that climbs out of store/ must land in platform/ or the repo's shared/. `depth`
 * is how far below store/ the file sits (entities/ is 1).
 */
const STORE_IMPORTS_NO_DOMAIN = (depth) => ({
  regex: `^${'\\.\\./'.repeat(depth + 1)}(?!platform/|\\.\\./\\.\\./shared/)`,
  message: 'functions/lib/store/ is the data layer: it imports only store/, platform/ and shared/, never a domain folder. Move the domain code out of store/, or the helper it needs into store/.',
});

/** shared/ is imported by the web app and the server alike, so it imports neither (nor tests, infra or scripts). */
const SHARED_IMPORTS_ONLY_SHARED = {
  regex: '^(\\.\\./)+(functions|web|infra|test|bench|scripts)(/|$)',
  message: 'shared/ is imported by the web app and the server: it imports only shared/ and packages, never functions/, web/, infra/ or tests.',
};

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.data', '.bench', 'test/fixtures/seed/seed.json', 'reports', '.stryker-tmp*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  // Type-aware rules for the mistakes types can see and tests often miss: a promise nobody awaits
  // (a lost write, an unhandled rejection), a promise where a value or a void callback belongs,
  // awaiting what is not a promise.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // React's act() returns a thenable even for synchronous work, which needs no awaiting.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', name: 'act', package: '@testing-library/react' }, { from: 'package', name: 'act', package: 'react' }] }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // The tenant scope comes from its two factories (functions/lib/session/resolve.ts: memberScope for
  // a person's session, taskScope for our own tasks), never from a cast of some other object.
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['TSAsExpression', 'TSTypeAssertion'].map((node) => ({
          selector: `${node}[typeAnnotation.typeName.name='AgencyScope']`,
          message: 'An AgencyScope comes from memberScope or taskScope (functions/lib/session/resolve.ts), never from a cast.',
        })),
      ],
    },
  },
  // The rules of hooks, and effects that list what they read.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Import boundaries (bulletproof-react's "unidirectional" rules, without a plugin). A rule of a
  // later block replaces the same rule of an earlier one, so the store zone repeats the functions/ one.
  {
    files: ['functions/**/*.ts'],
    ignores: ['functions/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: FUNCTIONS_RUN_ON_AWS }] },
  },
  {
    files: ['functions/lib/store/*.ts'],
    ignores: ['functions/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...FUNCTIONS_RUN_ON_AWS, STORE_IMPORTS_NO_DOMAIN(0)] }] },
  },
  {
    files: ['functions/lib/store/*/*.ts'],
    ignores: ['functions/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...FUNCTIONS_RUN_ON_AWS, STORE_IMPORTS_NO_DOMAIN(1)] }] },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SHARED_IMPORTS_ONLY_SHARED] }] },
  },
  // The web app ships no test scaffolding: fakes, builders and the test renderer live in
  // web/src/testing/, which only tests import.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NO_TEST_SCAFFOLDING] },
      ],
    },
  },
  // A feature uses another feature only through its public surface (api/ and components/);
  // lib/ and routes/ are its internals. Shared code lives in web/src/{lib,hooks,components}.
  // (A rule of a later block replaces the same rule of an earlier one: the scaffolding rule is repeated.)
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    ignores: ['web/src/features/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./(?!\\.\\.)[a-z-]+/(lib|routes)/',
              message: "Features do not import each other's internals (lib/, routes/): use the feature's api/ or components/, or move shared code to web/src/lib, web/src/hooks or web/src/components.",
            },
            NO_TEST_SCAFFOLDING,
          ],
        },
      ],
    },
  },
);
