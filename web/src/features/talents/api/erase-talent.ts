import { useMutation, useQueryClient } from '@tanstack/react-query';
import { talentEraseResponse } from '../../../../../shared/schemas/talent-data';
import { api } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

/** POST /api/v3/talents/erase {email} (owners only). */
export const eraseTalent = async (email: string) => parseResponse(talentEraseResponse, await api.post<unknown>('/api/v3/talents/erase', { email }));

/** The talent leaves contacts, the board, the timeline and the activity log: everything cached is read again. */
export const useEraseTalent = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: eraseTalent, onSettled: () => queryClient.invalidateQueries() });
};
