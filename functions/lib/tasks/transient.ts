/**
 * A write lost a race (another retry or job got there first) or a read came back short: the
 * task is worth running again. Step Functions retries it by this `name` (infra/processing.asl.json)
 * and bundles are minified, so the name is a literal. Here, with the task plumbing, because the
 * readers of threads (conversations/) and the contact and longlist writers (campaigns/) throw it.
 */
export class Transient extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Transient';
  }
}
