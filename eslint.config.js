import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.data', '.bench', 'test/fixtures/seed/seed.json', 'reports', '.stryker-tmp'] },
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
  // Import boundaries (bulletproof-react's "unidirectional" rules, without a plugin):
  // functions/ is what runs on AWS, so it never reaches into tests or the local runtime.
  {
    files: ['functions/**/*.ts'],
    ignores: ['functions/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)test/', message: 'functions/ runs on AWS: it never imports test code (emulators, fixtures).' },
            { regex: '(^|/)infra/local(/|$)', message: 'functions/ runs on AWS: the local runtime injects what it needs, functions never import it.' },
          ],
        },
      ],
    },
  },
  // A feature uses another feature only through its public surface (api/ and components/);
  // lib/ and routes/ are its internals. Shared code lives in web/src/{lib,hooks,components}.
  // Tests may share another feature's fakes.
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
          ],
        },
      ],
    },
  },
);
