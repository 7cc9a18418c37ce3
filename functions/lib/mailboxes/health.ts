import { GoogleAuthRevoked, GoogleClientMisconfigured, GooglePermissionDenied, GoogleScopeMissing, OAUTH_CLIENT_MISCONFIGURED } from '../google/errors';
import { markGoogleGrantRevoked, NoGoogleGrant } from '../identity/google-grants';
import { isConditionalFailure } from '../store/conditional-write';
import { logger } from '../logger';
import { mailboxEntity, type MailboxHealth, type MailboxItem } from '../store/entities/mailbox';
import { monitorRegistryEntity } from '../store/entities/monitor-registry';
import { nowIso } from '../store/keys';

/**
 * A mailbox that cannot be read (no stored grant, a revoked grant, Gmail access not granted) is
 * skipped with a health entry its owner and colleagues can see; it never fails the whole job.
 * Returns the health to record, or undefined for errors that are not about access.
 */
export const accessProblem = (error: unknown): { health: MailboxHealth; detail: string } | undefined => {
  if (error instanceof GoogleClientMisconfigured) {
    // Every mailbox fails alike: the deployment's OAuth client, not this mailbox. Nobody's grant
    // is marked revoked; the error goes on (the job fails with a configuration message).
    logger.error('Google refused the OAuth client (invalid_client): check GOOGLE_CLIENT_ID and the client secret', { code: OAUTH_CLIENT_MISCONFIGURED });
    return undefined;
  }
  if (error instanceof NoGoogleGrant) return { health: 'missing_access', detail: 'No Google access is stored for this mailbox; its owner should sign in again.' };
  if (error instanceof GoogleAuthRevoked) return { health: 'revoked', detail: 'Google access was revoked; its owner should sign in again.' };
  if (error instanceof GoogleScopeMissing) {
    return { health: 'missing_access', detail: 'Gmail access was unticked on Google\'s consent screen; its owner should sign in again and allow Gmail.' };
  }
  if (error instanceof GooglePermissionDenied) return { health: 'missing_access', detail: 'Gmail access was not granted; its owner should sign in again and allow Gmail.' };
  return undefined;
};

type Check = { health: MailboxHealth; detail?: string; historyId?: string; at?: Date };

/** Records a check of a connected mailbox (only while it is connected: a disconnect wins). */
export const recordMailboxCheck = async (agencyName: string, email: string, check: Check): Promise<void> => {
  const at = (check.at ?? new Date()).toISOString();
  if (check.health === 'revoked') await markGoogleGrantRevoked(email);
  const ok = check.health === 'connected' || check.health === 'history_reset';
  try {
    await mailboxEntity
      .patch({ agencyName, email })
      .set({
        health: check.health,
        healthAt: at,
        lastCheckAt: at,
        updatedAt: nowIso(),
        ...(check.detail ? { healthDetail: check.detail } : {}),
        ...(check.historyId ? { historyId: check.historyId } : {}),
        ...(ok ? { lastSuccessAt: at } : {}),
      })
      .remove(check.detail ? [] : ['healthDetail'])
      .where((attr, op) => op.eq(attr.connected, true))
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
};

/** When the monitor last read every healthy connected mailbox of the agency (its registry item). */
export const monitorCheckedAt = async (agencyName: string): Promise<string | undefined> =>
  (await monitorRegistryEntity.get({ agencyName }).go({ attributes: ['mailboxesCheckedAt'] })).data?.mailboxesCheckedAt ?? undefined;

/**
 * A mailbox's last check and last success as shown: an idle check does not write a healthy
 * mailbox's item (its health and historyId did not move), so a later registry check time counts
 * for it, when the mailbox was already connected then.
 */
export const withLastCheck = <T extends Pick<MailboxItem, 'health' | 'lastCheckAt' | 'lastSuccessAt' | 'connectedAt'>>(item: T, checkedAt: string | undefined): T => {
  const healthy = item.health === undefined || item.health === 'connected' || item.health === 'history_reset';
  if (!checkedAt || !healthy || !item.lastSuccessAt || (item.connectedAt && item.connectedAt > checkedAt)) return item;
  return {
    ...item,
    ...(checkedAt > item.lastSuccessAt ? { lastSuccessAt: checkedAt } : {}),
    ...(!item.lastCheckAt || checkedAt > item.lastCheckAt ? { lastCheckAt: checkedAt } : {}),
  };
};
