import { createHash } from 'node:crypto';

/**
 * The documented local key: valid by the product's own key rules (starts "sk-", then letters,
 * digits, "_" or "-", at least 48 characters) so the API-key screen accepts it offline.
 * It is not a secret: it only opens the emulator.
 */
export const LOCAL_OPENAI_KEY = 'sk-local-threadline-offline-openai-emulator-key-012345678';

export type KeyState = 'ok' | 'revoked' | 'quota' | 'rate_limited';

/** What the log keeps instead of a key: a short sha256 prefix, enough to tell keys apart. */
export const redactKey = (key: string | undefined): string | undefined =>
  key === undefined ? undefined : `sha256:${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;

/** OpenAI echoes a masked key in its 401 message: the first 3 and last 4 characters kept. */
export const maskKey = (key: string): string =>
  key.length <= 8 ? `${key.slice(0, 3)}***` : `${key.slice(0, 3)}${'*'.repeat(Math.max(3, key.length - 7)).slice(0, 12)}${key.slice(-4)}`;

export const bearerKey = (authorization: string | undefined): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
};
