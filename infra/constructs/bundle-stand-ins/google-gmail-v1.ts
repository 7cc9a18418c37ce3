/**
 * Stands in for @googleapis/gmail/build/v1 in the Lambda bundles: the same module, re-exported from
 * a folder whose package.json declares no side effects. The generated client is CommonJS, so a
 * bundle keeps it whenever a module on its import path is loaded; through this
 * re-export a function that never builds a Gmail client leaves it out.
 */
export { gmail_v1 } from '../../../node_modules/@googleapis/gmail/build/v1.js';
