import { useMutation } from '@tanstack/react-query';
import { CSRF_HEADER } from '../../../../../shared/constants';
import type { AuditFilters } from '../../../../../shared/schemas/audit';
import { ApiError, apiUrl, errorMessageFrom } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/auth-token';

/**
 * The activity log's CSV export (GET /api/v3/audit/export): a file, not JSON, so it is fetched
 * here rather than through the JSON client, then handed to the browser as a download.
 */
export const downloadAuditCsv = async (filters: AuditFilters): Promise<void> => {
  const token = getAuthToken();
  const response = await fetch(apiUrl('/api/v3/audit/export', { ...filters }), {
    credentials: 'include',
    headers: { Accept: 'text/csv', [CSRF_HEADER.name]: CSRF_HEADER.value, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiError(response.status, errorMessageFrom(body));
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'threadline-activity.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
};

export const useDownloadAuditCsv = () => useMutation({ mutationFn: downloadAuditCsv });
