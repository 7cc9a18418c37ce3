import { randomBytes } from 'node:crypto';
import type { AuditChange, AuditKind, AuditValue } from '../../../shared/schemas/audit';
import { errorMessage, logger } from '../logger';
import type { AgencyScope } from '../session/resolve';
import { auditEventEntity } from '../store/entities/audit-event';
import { epochSeconds } from '../store/keys';
import { auditRetentionDays } from './retention';

/**
 * The one way a change a person made reaches the audit log. Services call it after their write
 * succeeded, with what changed (before → after). Recording never fails the change: the person's
 * change is already stored, so a failed write is logged (as an error, for an alarm) and dropped.
 */
export type AuditEntry = {
  kind: AuditKind;
  campaignId?: string | null;
  /** the talent the change is about (the timeline shows it) */
  contactEmail?: string | null;
  /** what else it names: a member's or a mailbox's address, a settings section */
  target?: string | null;
  changes?: readonly AuditChange[];
};

const DAY_MS = 86_400_000;
/** A recorded text value is a short field value, never a message: anything longer is cut. */
export const AUDIT_TEXT_MAX = 200;
export const REDACTED = '[not recorded]';

/** Field names that would carry a secret or a message's text: their values are never recorded. */
const SECRET_FIELD = /secret|token|password|passphrase|credential|sealed|api_?key$|authorization|cookie|body|html|snippet|raw/i;
/**
 * Values that look like a credential whatever their field: an OpenAI key, a Google access or
 * refresh token, a JWT, a long unbroken base64/hex run.
 */
const SECRET_VALUE = [/\bsk-[A-Za-z0-9_-]{12,}/, /\bya29\.[A-Za-z0-9._-]+/, /\b1\/\/[A-Za-z0-9._-]{10,}/, /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/, /[A-Za-z0-9+/_-]{40,}/];

const safeText = (value: string): string => {
  if (SECRET_VALUE.some((pattern) => pattern.test(value))) return REDACTED;
  return value.length > AUDIT_TEXT_MAX ? `${value.slice(0, AUDIT_TEXT_MAX - 1)}…` : value;
};

const safeValue = (value: AuditValue): AuditValue => {
  if (typeof value === 'string') return safeText(value);
  if (Array.isArray(value)) return value.slice(0, 50).map(safeText);
  return value;
};

/** What is stored of the changes: secrets and bodies left out, long text cut, unchanged fields dropped. */
export const safeChanges = (changes: readonly AuditChange[]): AuditChange[] =>
  changes
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after))
    .map((change) =>
      SECRET_FIELD.test(change.field)
        ? { field: change.field, before: change.before === null ? null : REDACTED, after: change.after === null ? null : REDACTED }
        : { field: change.field, before: safeValue(change.before), after: safeValue(change.after) },
    );

/** A value as recorded: scalars and lists of strings; anything else is written as JSON text. */
export const asAuditValue = (value: unknown): AuditValue => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  return JSON.stringify(value);
};

const newEventId = (): string => randomBytes(6).toString('hex');

export const recordAudit = async (scope: AgencyScope, entry: AuditEntry, now: Date = new Date()): Promise<void> => {
  try {
    const retentionDays = await auditRetentionDays(scope.agencyName);
    const expiresAt = new Date(now.getTime() + retentionDays * DAY_MS).toISOString();
    await auditEventEntity
      .create({
        agencyName: scope.agencyName,
        id: newEventId(),
        at: now.toISOString(),
        actor: scope.email,
        kind: entry.kind,
        campaignId: entry.campaignId ?? '',
        contactEmail: entry.contactEmail ?? '',
        target: entry.target ?? undefined,
        changes: JSON.stringify(safeChanges(entry.changes ?? [])),
        expiresAt,
        expires_at_epoch: epochSeconds(expiresAt),
      })
      .go({ response: 'none' });
  } catch (error) {
    // The change itself is stored; losing its record is an operator's problem, not the person's.
    logger.error('audit event not recorded', { agencyName: scope.agencyName, kind: entry.kind, error: errorMessage(error) });
  }
};

/** One event per campaign's talent a change touched (a removal from three campaigns: three events). */
export const recordTalentAudits = async <T extends { campaignId: string }>(
  scope: AgencyScope,
  kind: AuditKind,
  items: readonly T[],
  describe: (item: T) => Required<Pick<AuditEntry, 'contactEmail' | 'changes'>> & Pick<AuditEntry, 'target'>,
): Promise<void> => {
  await Promise.all(items.map((item) => recordAudit(scope, { kind, campaignId: item.campaignId, ...describe(item) })));
};
