import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_RUNTIME } from '../../infra/constructs/app-function';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string }; devDependencies: Record<string, string> };

describe('the Node the scripts run on is the Lambda runtime', () => {
  it("runs npm test on the same Node major as the CDK app's Lambda runtime", () => {
    const lambdaMajor = Number(/^nodejs(\d+)\.x$/.exec(APP_RUNTIME.name)?.[1]);
    expect(lambdaMajor).toBeGreaterThanOrEqual(24);
    // the `node` dev dependency puts that Node first on the scripts' PATH, whatever the machine has
    expect(Number(process.versions.node.split('.')[0])).toBe(lambdaMajor);
    expect(manifest.devDependencies.node).toMatch(new RegExp(`^\\^?${lambdaMajor}\\.`));
  });

  it('asks Node 22+ of npm itself (the Google and OpenAI SDKs in the lock need it)', () => {
    expect(manifest.engines.node).toBe('>=22');
  });
});
