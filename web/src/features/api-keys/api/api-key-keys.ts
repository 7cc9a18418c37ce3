export const apiKeyKeys = {
  all: ['api-keys'] as const,
  status: () => [...apiKeyKeys.all, 'status'] as const,
};
