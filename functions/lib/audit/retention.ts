import { AUDIT_RETENTION_DAYS } from '../../../shared/schemas/settings';
import { auditSettingsEntity } from '../store/entities/audit-event';

/** How many days the agency keeps its audit events: the owners' choice, else the default. */
export const auditRetentionDays = async (agencyName: string): Promise<number> => {
  const { data } = await auditSettingsEntity.get({ agencyName }).go();
  return data?.retentionDays ?? AUDIT_RETENTION_DAYS.default;
};
