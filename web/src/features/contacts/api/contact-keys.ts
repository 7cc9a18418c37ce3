export const contactKeys = {
  all: ['contacts'] as const,
  /** The listing's pages; also the prefix of every search, so whatever refreshes the contacts refreshes those too. */
  tracking: () => [...contactKeys.all, 'tracking'] as const,
  /** Every search of the contacts screen. */
  searches: () => [...contactKeys.tracking(), 'search'] as const,
  /** One search's pages; a new search text is a new key, so it starts from the first page. */
  search: (q: string) => [...contactKeys.searches(), q] as const,
  /** The dashboard's Process Email picker: the first few contacts a text finds. */
  suggestions: (q: string) => [...contactKeys.tracking(), 'suggestions', q] as const,
  sheetMetadata: (sheetId: string) => [...contactKeys.all, 'sheet-metadata', sheetId] as const,
  longlistImport: (importId: string) => [...contactKeys.all, 'longlist-import', importId] as const,
};
