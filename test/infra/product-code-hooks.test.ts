import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listProductSources } from '../../scripts/import-graph';

/**
 * Issue 16 point 3: `functions/` holds only what runs on AWS. The local runtime supplies its
 * transports through the one seam functions/lib/platform; no module keeps a test hook of its
 * own, knows the emulator's client secret, writes an outbox or reads a local key file.
 */
const FUNCTIONS = join(process.cwd(), 'functions');

// A module-level hook: an exported set or reset function whose job is to swap or clear process state.
const HOOK = /export (?:const|function) ((?:set|reset)\w*(?:Hook|Guard|Mailer|Engine|Dispatcher|Caches?|Config|Client|Limiter|Override)s?)\b/g;
const LOCAL_KNOWLEDGE = [/threadline-local-secret/, /LOCAL_OUTBOX_DIR/, /OutboxMailer/, /LOCAL_SECRET_KEY_FILE/, /AWS_LAMBDA_FUNCTION_NAME\s*\)?\s*;?\s*\n\s*if \(!/];

const scan = (files: string[]) =>
  files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const hooks = [...text.matchAll(HOOK)].map((m) => `${relative(process.cwd(), file)}: ${m[1]}`);
    const knowledge = LOCAL_KNOWLEDGE.filter((pattern) => pattern.test(text)).map((pattern) => `${relative(process.cwd(), file)}: ${pattern.source}`);
    return [...hooks, ...knowledge];
  });

describe('product code is free of test hooks and emulator knowledge', () => {
  it('no set*/reset* hook, emulator secret, outbox or key file under functions/', () => {
    expect(scan(listProductSources(FUNCTIONS))).toEqual([]);
  });

  it("no module decides what to do by the function's name: only the async dispatcher reads it, to invoke its own function", () => {
    // Issue 29: the monitor's fan-out is its task's (MonitorShare), whatever runs it; a branch on
    // AWS_LAMBDA_FUNCTION_NAME was a test switch in disguise (unset locally, set on AWS).
    const readers = listProductSources(FUNCTIONS).filter((file) => readFileSync(file, 'utf8').includes('AWS_LAMBDA_FUNCTION_NAME'));
    expect(readers.map((file) => relative(process.cwd(), file))).toEqual(['functions/lib/async/dispatch.ts']);
  });

  it('the scan would see one (a hook and an emulator secret planted in a copy of real code)', () => {
    const planted = 'export const setMailer = () => undefined;\nconst LOCAL = { secret: "threadline-local-secret" };\n';
    expect([...planted.matchAll(HOOK)].map((m) => m[1])).toEqual(['setMailer']);
    expect(LOCAL_KNOWLEDGE.some((pattern) => pattern.test(planted))).toBe(true);
  });
});
