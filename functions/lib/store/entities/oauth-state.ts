import { Entity } from 'electrodb';
import { storeConfig } from '../client';
import { TTL_ATTRIBUTE } from '../table-definition';

/**
 * One sign-in attempt in flight, `OAUTH#state / STATE`: the PKCE verifier and nonce stay on the
 * server. Single use (deleted with a condition when the callback consumes it), 10-minute expiry.
 */
export const oauthStateEntity = new Entity(
  {
    model: { entity: 'oauthState', version: '1', service: 'threadline' },
    attributes: {
      state: { type: 'string', required: true },
      codeVerifier: { type: 'string', required: true },
      nonce: { type: 'string', required: true },
      /** hash of the browser-binding cookie set by /auth/login (login CSRF: the callback must come back with it) */
      bindingHash: { type: 'string', required: true },
      /** hash of the invite token carried through the login (the token itself is not kept) */
      inviteTokenHash: { type: 'string' },
      redirect: { type: 'string' },
      createdAt: { type: 'string', required: true },
      expiresAt: { type: 'string', required: true },
      [TTL_ATTRIBUTE]: { type: 'number' },
    },
    indexes: {
      byState: {
        pk: { field: 'pk', composite: ['state'], template: 'OAUTH#${state}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'STATE', casing: 'none' },
      },
    },
  },
  storeConfig,
);
