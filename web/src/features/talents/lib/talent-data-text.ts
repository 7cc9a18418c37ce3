/** The talent timeline's data actions (issue 26; not in spec). */
export const TALENT_DATA_TEXT = {
  exportData: 'Export data',
  exportFailed: 'The data could not be exported',
  eraseTalent: 'Erase talent',
  eraseTitle: 'Erase this talent?',
  eraseMessage: (email: string) => `Everything the agency holds about ${email} is removed for good. Their mail is skipped by later processing unless someone adds them again.`,
  eraseDetails: [
    'Their contact in every campaign',
    'Their conversations, messages, summaries and facts',
    'Their rows in every outreach tracker and influencer list',
    'Their entries in the activity log',
  ],
  eraseConfirm: 'Erase talent',
  erased: 'Talent erased',
  eraseFailed: 'The talent could not be erased',
} as const;
