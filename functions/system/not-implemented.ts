import { defineHandler } from '../lib/http/handler';
import { NotImplemented } from '../lib/http/errors';

/**
 * Stands in for a manifest route whose issue has not landed. The guard of the route's auth level
 * (read from the manifest by routeKey) still runs first, so a missing session is a 401.
 */
export const handler = defineHandler('public', {}, async () => {
  throw new NotImplemented();
});
