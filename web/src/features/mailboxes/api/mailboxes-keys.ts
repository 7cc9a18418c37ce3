/** Query keys of the mailboxes feature: the agency's connected mailboxes and the caller's own state. */
export const mailboxesKeys = {
  all: ['mailboxes'] as const,
  list: () => [...mailboxesKeys.all, 'list'] as const,
};
