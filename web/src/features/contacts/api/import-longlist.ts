import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importLonglistResponse } from '../../../../../shared/schemas/campaigns';
import { api } from '../../../lib/api-client';
import { campaignKeys } from '../../campaigns/api/campaign-keys';
import { contactKeys } from './contact-keys';
import type { ImportResult } from './contact-types';
import { parseResponse } from '../../../lib/parse-response';

export type ImportLonglistInput = { campaign_id: string; source_sheet_id: string; source_tab_name: string };

export const importLonglist = async (input: ImportLonglistInput): Promise<ImportResult> =>
  parseResponse(importLonglistResponse, await api.post<unknown>('/api/campaigns/import-longlist', input));

export const useImportLonglist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importLonglist,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: contactKeys.tracking() });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.list() });
    },
  });
};
