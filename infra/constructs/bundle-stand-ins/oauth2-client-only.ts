/**
 * Stands in for google-auth-library in the Lambda bundles. Its index loads every credential type
 * (GoogleAuth, JWT, Compute, external and impersonated accounts, downscoped clients: ~85 KB
 * minified); Threadline authorises Google calls with one user's OAuth2Client only
 * (functions/lib/google/auth.ts). This folder's package.json declares no side effects, so a
 * bundle that imports functions/lib/google/auth.ts without building a client drops the library.
 */
export { OAuth2Client } from '../../../node_modules/google-auth-library/build/src/auth/oauth2client.js';

/**
 * googleapis-common, which the generated Drive, Gmail and Sheets clients load, subclasses
 * GoogleAuth when it loads (AuthPlus, for Application Default Credentials) and builds one only
 * when a client is given no auth; ours always are.
 */
export class GoogleAuth {
  constructor() {
    throw new Error('GoogleAuth is not bundled: every Google client is given a user OAuth2Client');
  }
}
