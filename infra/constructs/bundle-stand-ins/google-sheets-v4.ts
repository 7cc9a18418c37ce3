/**
 * Stands in for @googleapis/sheets/build/v4 in the Lambda bundles: the same module, re-exported from
 * a folder whose package.json declares no side effects. The generated client is CommonJS, so a
 * bundle keeps it whenever a module on its import path is loaded; through this
 * re-export a function that never builds a Sheets client leaves it out.
 */
export { sheets_v4 } from '../../../node_modules/@googleapis/sheets/build/v4.js';
