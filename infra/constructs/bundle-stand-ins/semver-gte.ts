/**
 * Stands in for semver in the Lambda bundles. Its only importer there is aws-xray-sdk-core's
 * patcher for the AWS SDK v2 (`captureAWS`), which checks `semver.gte(AWS.VERSION, '2.7.15')`;
 * Powertools' tracer patches our v3 clients with another patcher, so the check never runs, and
 * the package costs ~30 KB in every traced task. This compares plain x.y.z versions.
 */
const parts = (version: string): number[] => {
  const match = /^\s*v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) throw new TypeError(`Invalid Version: ${version}`);
  return match.slice(1, 4).map(Number);
};

export const gte = (version: string, floor: string): boolean => {
  const [a, b] = [parts(version), parts(floor)];
  for (let index = 0; index < 3; index++) if (a[index] !== b[index]) return a[index]! > b[index]!;
  return true;
};

export default { gte };
