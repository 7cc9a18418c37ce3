import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDefinition } from '../../infra/local/step-functions';
import { fakeSiteBuild, synthesizeThreadline } from './synthesize';

/**
 * Issue 28 point 4: what deploys, checked by tools the project did not write. cfn-lint (the
 * system's, 1.51; .ci/run installs it) reads every synthesized template; asl-validator reads the
 * processing state machine as CDK's substitutions leave it. A finding other than the accepted
 * ones below (each with its reason, listed in the README too) fails the run.
 */
const ACCEPTED_CFN_LINT_FINDINGS: readonly { rule: RegExp; message: RegExp; reason: string }[] = [
  {
    rule: /^E10(17|22)$/,
    message: /^\{'Fn::GetStackOutput': /,
    reason:
      "CDK's cross-region/cross-stack references write the Fn::GetStackOutput intrinsic, which CloudFormation resolves at deploy time; cfn-lint 1.51's schemas do not know it yet and read it as a non-string inside Fn::Split/Fn::Select.",
  },
  {
    rule: /^W3005$/,
    message: /dependency already enforced by a '(GetAtt|Ref)'/,
    reason:
      'CDK adds an explicit DependsOn from each function to its role and default policy (so the policy exists before the function is invoked); where a GetAtt or Ref already implies it, cfn-lint calls the DependsOn redundant. It is harmless, and CDK writes it.',
  },
];

type CfnLintFinding = { Rule: { Id: string }; Level: string; Message: string; Filename: string; Location: { Path: (string | number)[] } };

const run = promisify(execFile);

/** cfn-lint exits non-zero when it reports anything: the findings are its JSON output all the same. */
const cfnLint = async (files: string[]): Promise<CfnLintFinding[]> => {
  const output = await run('cfn-lint', ['--format', 'json', '--', ...files], { maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string; code?: number | string; message: string }) => {
    if (typeof error.code === 'number' && error.stdout) return { stdout: error.stdout };
    throw new Error(`cfn-lint did not run (install it: pip install cfn-lint==1.51.0): ${error.message}`);
  });
  return JSON.parse(output.stdout || '[]') as CfnLintFinding[];
};

const accepted = (finding: CfnLintFinding) => ACCEPTED_CFN_LINT_FINDINGS.some((a) => a.rule.test(finding.Rule.Id) && a.message.test(finding.Message));

type AslValidation = { isValid: boolean; errorsText: (separator?: string) => string };
const aslValidator = createRequire(import.meta.url)('asl-validator') as (definition: unknown, options?: { checkArn?: boolean; checkPaths?: boolean }) => AslValidation;

describe('third-party checks of what deploys', () => {
  let findings: CfnLintFinding[];
  let templates: string[];

  beforeAll(async () => {
    // One synthesis, as nag.test.ts does, then one cfn-lint process over every template.
    const synth = synthesizeThreadline({ siteAssetsPath: fakeSiteBuild() });
    const dir = mkdtempSync(join(tmpdir(), 'threadline-cfn-'));
    templates = synth.app.synth().stacks.map((stack) => {
      const file = join(dir, `${stack.stackName}.template.json`);
      writeFileSync(file, JSON.stringify(stack.template));
      return file;
    });
    findings = await cfnLint(templates);
  });

  it('cfn-lint finds nothing in the synthesized templates but the accepted findings', () => {
    const byRule = findings.reduce<Record<string, number>>((counts, f) => ({ ...counts, [f.Rule.Id]: (counts[f.Rule.Id] ?? 0) + 1 }), {});
    console.log(`infra: cfn-lint over ${templates.length} templates: ${JSON.stringify(byRule)} (all accepted)`);
    expect(templates.length).toBeGreaterThanOrEqual(10);
    const unaccepted = findings.filter((f) => !accepted(f)).map((f) => `${f.Rule.Id} ${f.Filename} ${f.Location.Path.join('/')}: ${f.Message}`);
    expect(unaccepted).toEqual([]);
  });

  it('asl-validator accepts the processing state machine as deployed, and would refuse a broken one', () => {
    const { definition } = loadDefinition();
    const result = aslValidator(definition, { checkArn: true, checkPaths: true });
    expect(result.errorsText('\n')).toBe('');
    expect(result.isValid).toBe(true);
    const broken = structuredClone(definition) as { States: Record<string, { Next?: string }> };
    broken.States.Initialize!.Next = 'NoSuchState';
    expect(aslValidator(broken).isValid).toBe(false);
  });
});
