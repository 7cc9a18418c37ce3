export type ImportFormState = {
  campaignId: string;
  sheetUrl: string;
  tabCount: number;
  checking: boolean;
  importing: boolean;
  hasError: boolean;
};

/**
 * Section 4 "Sheet import form": enabled only once tabs were found, nothing is loading or
 * importing, there is no error, and both campaign and URL are set.
 */
export const canImport = ({ campaignId, sheetUrl, tabCount, checking, importing, hasError }: ImportFormState): boolean =>
  tabCount > 0 && !checking && !importing && !hasError && campaignId !== '' && sheetUrl.trim() !== '';
