import type { AuditFilters } from '../../../../../shared/schemas/audit';

/** Query keys of the activity log: one list per filter set and page. */
export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (filters: AuditFilters, cursor: string | null, limit: number) => [...auditKeys.lists(), { ...filters, cursor, limit }] as const,
};
