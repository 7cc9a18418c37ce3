/**
 * Stands in for @googleapis/drive/build/v3 in the Lambda bundles: the same module, re-exported from
 * a folder whose package.json declares no side effects. The generated client is CommonJS, so a
 * bundle keeps it whenever a module on its import path is loaded; through this
 * re-export a function that never builds a Drive client leaves it out.
 */
export { drive_v3 } from '../../../node_modules/@googleapis/drive/build/v3.js';
