import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * `npm run lint` enforces the import boundaries (eslint.config.js): code that breaks one is
 * linted as if it were a file in the tree, and must fail; the allowed forms must pass.
 */
const eslint = new ESLint({ cwd: process.cwd() });
const ruleHits = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0]!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);

describe('lint enforces the import boundaries', () => {
  it('functions/ never imports test code or the local runtime', async () => {
    expect(await ruleHits('functions/lib/processing/probe.ts', "import { seed } from '../../../test/fixtures/seed';\nexport const x = seed;\n")).toEqual([
      expect.stringContaining('never imports test code'),
    ]);
    expect(await ruleHits('functions/lib/processing/probe.ts', "import { startRuntime } from '../../../infra/local/runtime';\nexport const x = startRuntime;\n")).toEqual([
      expect.stringContaining('the local runtime injects'),
    ]);
    expect(await ruleHits('functions/lib/processing/probe.ts', "import { logger } from '../logger';\nexport const x = logger;\n")).toEqual([]);
  });

  it("a feature does not import another feature's lib/ or routes/, only its api/ and components/", async () => {
    const file = 'web/src/features/dashboard/components/probe.tsx';
    expect(await ruleHits(file, "import { queueText } from '../../conversations/lib/queue-text';\nexport const x = queueText;\n")).toEqual([
      expect.stringContaining("do not import each other's internals"),
    ]);
    expect(await ruleHits(file, "import { TalentTimelineRoute } from '../../conversations/routes/talent-timeline';\nexport const x = TalentTimelineRoute;\n")).toHaveLength(1);
    expect(await ruleHits(file, "import { useConversations } from '../../conversations/api/list-conversations';\nexport const x = useConversations;\n")).toEqual([]);
    expect(await ruleHits(file, "import { api } from '../../../lib/api-client';\nexport const x = api;\n")).toEqual([]);
    expect(await ruleHits(file, "import { x as y } from '../lib/own-helper';\nexport const x = y;\n")).toEqual([]);
  });
});
