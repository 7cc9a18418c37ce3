export const processingKeys = {
  all: ['processing'] as const,
  status: () => [...processingKeys.all, 'status'] as const,
};
