import { hashToken, newToken } from '../crypto/token';
import { sessionEntity } from '../store/entities/session';
import { epochSeconds } from '../store/keys';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, isSessionLive } from '../session/resolve';
import { isConditionalFailure } from '../store/conditional-write';

/** lastSeenAt (idle expiry) is written at most this often. */
export const SESSION_TOUCH_MS = 60_000;

export const createSession = async (email: string, agencyName: string | undefined): Promise<{ token: string; tokenHash: string; expiresAt: string }> => {
  const token = newToken();
  const tokenHash = hashToken(token);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString();
  await sessionEntity
    .create({
      tokenHash,
      email,
      ...(agencyName ? { agencyName } : {}),
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt,
      expires_at_epoch: epochSeconds(expiresAt),
    })
    .go({ response: 'none' });
  return { token, tokenHash, expiresAt };
};

export const deleteSession = async (tokenHash: string): Promise<void> => {
  await sessionEntity.delete({ tokenHash }).go({ response: 'none' });
};

/** Points the session at an agency (the caller checked the membership). */
export const setSessionAgency = async (tokenHash: string, agencyName: string | undefined): Promise<void> => {
  const update = sessionEntity.patch({ tokenHash });
  await (agencyName ? update.set({ agencyName }) : update.remove(['agencyName'])).go({ response: 'none' });
};

export type SessionRecord = { email: string; agencyName?: string; lastSeenAt: string; expiresAt: string };

export const readSession = async (tokenHash: string): Promise<SessionRecord | undefined> => {
  const { data } = await sessionEntity.get({ tokenHash }).go();
  return data && isSessionLive(data) ? data : undefined;
};

/** Refreshes lastSeenAt when it is older than a minute; a concurrent touch is not an error. */
export const touchSession = async (tokenHash: string, lastSeenAt: string, now = Date.now()): Promise<void> => {
  if (Date.parse(lastSeenAt) + SESSION_TOUCH_MS > now) return;
  try {
    await sessionEntity
      .patch({ tokenHash })
      .set({ lastSeenAt: new Date(now).toISOString() })
      .where((attr, op) => op.eq(attr.lastSeenAt, lastSeenAt))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
};

const secureFlag = () => ((process.env.APP_URL ?? '').startsWith('https:') ? '; Secure' : '');

export const sessionCookie = (token: string, expiresAt: string): string => {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secureFlag()}`;
};

export const clearedSessionCookie = (): string =>
  `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT${secureFlag()}`;
