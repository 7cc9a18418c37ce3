import { useMutation } from '@tanstack/react-query';
import { talentExportResponse, type TalentExportResponse } from '../../../../../shared/schemas/talent-data';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

/** GET /api/v3/talents/{email}/export (owners only): everything held about the talent. */
export const getTalentData = async (email: string): Promise<TalentExportResponse> =>
  parseResponse(talentExportResponse, await api.get<unknown>(`/api/v3/talents/${encodeURIComponent(email)}/export`));

/** The export, handed to the browser as a JSON file. */
export const downloadTalentData = async (email: string): Promise<void> => {
  const data = await getTalentData(email);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `threadline-talent-${email.replace(/[^a-z0-9.@_-]/gi, '_')}.json`;
  link.click();
  URL.revokeObjectURL(url);
};

export const useDownloadTalentData = () => useMutation({ mutationFn: downloadTalentData });
