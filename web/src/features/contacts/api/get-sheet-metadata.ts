import { queryOptions, useQuery } from '@tanstack/react-query';
import { sheetMetadataResponse } from '../../../../../shared/schemas/campaigns';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import type { SheetMetadata } from './contact-types';
import { parseResponse } from '../../../lib/parse-response';

/** The api client already turns `status: 'error'` and HTTP failures into an ApiError with the message. */
export const getSheetMetadata = async (sheetId: string, { signal }: { signal?: AbortSignal } = {}): Promise<SheetMetadata> => {
  const response = await api.get<unknown>('/api/campaigns/sheet-metadata', { query: { sheet_id: sheetId }, signal });
  return parseResponse(sheetMetadataResponse, response).data;
};

export const sheetMetadataQueryOptions = (sheetId: string) =>
  queryOptions({
    queryKey: contactKeys.sheetMetadata(sheetId),
    queryFn: ({ signal }) => getSheetMetadata(sheetId, { signal }),
    // An access check answers now: no retry (a 403 stays a 403), and re-check on a new visit.
    retry: false,
    staleTime: 0,
  });

export const useSheetMetadata = (sheetId: string | undefined) =>
  useQuery({ ...sheetMetadataQueryOptions(sheetId ?? ''), enabled: Boolean(sheetId) });
