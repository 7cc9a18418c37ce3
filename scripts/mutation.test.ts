import { describe, expect, it } from 'vitest';
import { mutatedFiles, scoreOf } from './mutation';

describe('npm run mutation', () => {
  it("runs every source file of the config's mutate set, never a test or a declaration file", () => {
    const files = mutatedFiles(['shared/conversation-status.ts', 'functions/lib/mail/**/*.ts', '!functions/lib/mail/**/*.test.ts', '!functions/lib/mail/**/*.d.ts']);
    expect(files).toContain('shared/conversation-status.ts');
    expect(files).toContain('functions/lib/mail/own-text.ts');
    expect(files.filter((f) => f.endsWith('.test.ts') || f.endsWith('.d.ts'))).toEqual([]);
    expect(files).toEqual([...files].sort());
  });

  it("scores detected over valid mutants, and counts the survivors no test ran for as the runner's failure", () => {
    const score = scoreOf([
      { status: 'Killed', testsCompleted: 3 },
      { status: 'Timeout', testsCompleted: 1 },
      { status: 'Survived', testsCompleted: 12 },
      { status: 'NoCoverage' },
      { status: 'CompileError' },
      { status: 'Survived', testsCompleted: 0, static: true },
    ]);
    expect(score).toEqual({ detected: 2, counted: 5, notRun: 1, timedOut: 1 });
  });
});
