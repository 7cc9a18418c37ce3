import { Entity } from 'electrodb';
import { storeConfig } from '../client';
import { USER_TEMPLATE } from '../keys';

/**
 * A person's Google grant, `USER#email / GOOGLE`: the refresh token, envelope-encrypted
 * (functions/lib/crypto/envelope.ts, context {purpose:'google-refresh-token', email}), and the
 * scopes granted. The plaintext token never leaves the backend.
 */
export const GOOGLE_GRANT_PURPOSE = 'google-refresh-token';
export const googleGrantContext = (email: string) => ({ purpose: GOOGLE_GRANT_PURPOSE, email });

export const googleGrantEntity = new Entity(
  {
    model: { entity: 'googleGrant', version: '1', service: 'threadline' },
    attributes: {
      email: { type: 'string', required: true },
      /** sealed refresh token (never the plaintext) */
      refreshTokenSealed: { type: 'string', required: true },
      scopes: { type: 'list', items: { type: 'string' } },
      /** the provider's subject for this account */
      subject: { type: 'string' },
      grantedAt: { type: 'string', required: true },
      /** Google refused the refresh token (revoked, or the password changed): set by whoever noticed, cleared by the next sign-in */
      revokedAt: { type: 'string' },
      updatedAt: { type: 'string', required: true },
    },
    indexes: {
      byEmail: {
        pk: { field: 'pk', composite: ['email'], template: USER_TEMPLATE, casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'GOOGLE', casing: 'none' },
      },
    },
  },
  storeConfig,
);
