import { messages } from '../../../shared/messages';
import { requireOwner } from '../identity/roles';
import type { AgencyScope } from '../session/resolve';
import { auditSettingsEntity } from '../store/entities/audit-event';
import { nowIso } from '../store/keys';
import { recordAudit } from './record';
import { auditRetentionDays } from './retention';

/**
 * Owners set the retention (a member could otherwise shorten what is kept about their own
 * changes). Applies to events recorded from now on: each event carries its own expiry.
 */
export const setAuditRetentionDays = async (scope: AgencyScope, retentionDays: number): Promise<number> => {
  requireOwner(scope, messages.roles.ownerOnly.auditRetention);
  const before = await auditRetentionDays(scope.agencyName);
  await auditSettingsEntity.put({ agencyName: scope.agencyName, retentionDays, updatedAt: nowIso(), updatedBy: scope.email }).go({ response: 'none' });
  await recordAudit(scope, { kind: 'audit.retention', changes: [{ field: 'retention_days', before, after: retentionDays }] });
  return retentionDays;
};
