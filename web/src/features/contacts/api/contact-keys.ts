export const contactKeys = {
  all: ['contacts'] as const,
  tracking: () => [...contactKeys.all, 'tracking'] as const,
  sheetMetadata: (sheetId: string) => [...contactKeys.all, 'sheet-metadata', sheetId] as const,
  longlistImport: (importId: string) => [...contactKeys.all, 'longlist-import', importId] as const,
};
