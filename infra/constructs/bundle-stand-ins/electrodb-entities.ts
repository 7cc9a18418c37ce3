/**
 * Stands in for electrodb in the Lambda bundles: its Entity and CustomAttributeType, the only
 * values functions/ imports from it. ElectroDB is CommonJS and its index requires every part
 * (Service, transactions, conversions: ~25 KB minified) whether used or not; functions build
 * entities one by one and never a Service (functions/lib/store/service.ts composes them for the
 * tests' cross-entity checks only), so the bundles load the entity module directly.
 */
// @ts-expect-error -- ElectroDB ships declarations for its index only; the types come from there.
export { Entity } from '../../../node_modules/electrodb/src/entity.js';
// @ts-expect-error -- as above
export { CustomAttributeType } from '../../../node_modules/electrodb/src/schema.js';
