import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignKeys } from '../../campaigns/api/campaign-keys';
import { contactKeys } from './contact-keys';
import type { ImportResult } from './contact-types';

export type ImportLonglistInput = { campaign_id: string; source_sheet_id: string; source_tab_name: string };

export const importLonglist = (input: ImportLonglistInput) => api.post<ImportResult>('/api/campaigns/import-longlist', input);

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
