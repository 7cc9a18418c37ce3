/**
 * Money and fee words as the screens show them: the board, the timeline and the campaign report
 * read a fee the same way. No Node imports: the web app uses it.
 */
import type { FeeState, FeeUnit } from '../schemas/conversations';

export const FEE_UNIT_LABELS: Readonly<Record<FeeUnit, string>> = {
  per_post: 'per post',
  per_video: 'per video',
  bundle: 'bundle',
  total: 'total',
};

export const FEE_STATE_LABELS: Readonly<Record<FeeState, string>> = {
  quoted: 'Quoted',
  countered: 'Countered',
  agreed: 'Agreed',
  invoiced: 'Invoiced',
};

/** An amount in its currency, e.g. "€1,500" or "£950.50"; falls back to "1500 XYZ" for a code Intl rejects. */
export const formatMoney = (amount: number, currency: string): string => {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
};
