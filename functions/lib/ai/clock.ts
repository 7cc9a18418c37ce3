/**
 * The product's clock for model retirement: now, or `THREADLINE_NOW` (an ISO date-time) when
 * set, so tests and demos can stand past a shutdown date without waiting for it.
 */
export const productNow = (): number => {
  const fixed = process.env.THREADLINE_NOW;
  const parsed = fixed ? Date.parse(fixed) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : Date.now();
};
