/**
 * Stands in for jsonschema in the Lambda bundles. ElectroDB uses it only to check our entity
 * definitions against its model schema when an entity is built; those definitions are fixed at
 * build time and checked with the real validator by every test run (tests are not bundled), so
 * the bundles skip the check and ~30 KB.
 */
class Validator {
  customFormats: Record<string, (input: unknown) => boolean> = {};
  addSchema(): void {}
  validate(): { valid: true; errors: never[] } {
    return { valid: true, errors: [] };
  }
}
// ElectroDB assigns formats on the prototype before constructing one.
(Validator.prototype as unknown as { customFormats: Record<string, unknown> }).customFormats = {};

export { Validator };
export default { Validator };
