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

/** What a longlist import answered (the server's counts and row notes). */
export type ImportOutcome = {
  imported?: number;
  skipped?: number;
  duplicates?: number;
  tab?: string;
  message?: string;
  details?: { skipped?: readonly { row: number; reason: string }[]; duplicates?: readonly { row: number; reason: string; email: string }[] };
};

export type ImportNote = { row: number; kind: 'skipped' | 'duplicate'; reason: string; email?: string };

export type ImportResultView = {
  /** e.g. "Imported 5, skipped 1, duplicates 2" (the server's message when it sent one) */
  summary: string;
  /** every skipped or duplicate row, by row number */
  notes: ImportNote[];
  /** the counts say more rows were left out than the notes list (an older server) */
  unlisted: number;
};

/** The import result panel's words; not in spec. */
export const importResultText = {
  title: 'Import result', // not in spec
  summary: (imported: number, skipped: number, duplicates: number) =>
    `Imported ${imported}, skipped ${skipped}, duplicates ${duplicates}`, // not in spec
  tab: (tab: string) => `Tab "${tab}"`, // not in spec
  notesCaption: 'Rows not imported', // not in spec (caption of the row table)
  row: 'Row', // not in spec
  outcome: 'Outcome', // not in spec
  reason: 'Reason', // not in spec
  skipped: 'Skipped', // not in spec
  duplicate: 'Duplicate', // not in spec
  unlisted: (count: number) => `${count} more row${count === 1 ? '' : 's'} not listed`, // not in spec
  dismiss: 'Dismiss import result', // not in spec (accessible name of the close button)
} as const;

/**
 * The import result as the form shows it until dismissed: the counts, then each skipped or
 * duplicate row with its row number and reason (the e-mail of a duplicate after its reason), in
 * row order; a skipped and a duplicate note on the same row keep that order.
 */
export const importResultView = (result: ImportOutcome): ImportResultView => {
  const skipped = result.details?.skipped ?? [];
  const duplicates = result.details?.duplicates ?? [];
  const notes: ImportNote[] = [
    ...skipped.map((note) => ({ row: note.row, kind: 'skipped' as const, reason: note.reason })),
    ...duplicates.map((note) => ({ row: note.row, kind: 'duplicate' as const, reason: note.reason, email: note.email })),
  ].sort((a, b) => a.row - b.row || (a.kind === b.kind ? 0 : a.kind === 'skipped' ? -1 : 1));
  const imported = result.imported ?? 0;
  const skippedCount = result.skipped ?? skipped.length;
  const duplicateCount = result.duplicates ?? duplicates.length;
  return {
    summary: result.message?.trim() || importResultText.summary(imported, skippedCount, duplicateCount),
    notes,
    unlisted: Math.max(0, skippedCount + duplicateCount - notes.length),
  };
};
