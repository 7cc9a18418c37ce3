/**
 * State machine task, built by the processing issue. Until then it throws, so an execution fails
 * visibly (and its Catch releases nothing it never took) instead of pretending to work.
 */
export const handler = async (): Promise<never> => {
  const error = new Error('This processing step is not built yet');
  error.name = 'NotImplemented';
  throw error;
};
