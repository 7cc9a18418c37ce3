/**
 * Attribute shapes the conversation entities share: facts with their evidence, failures and
 * attribution targets, as typed ElectroDB maps (no `any`).
 */
import { DATE_KINDS, FEE_STATES, FEE_UNITS } from '../../../../shared/schemas/conversations';

export const SET_BY_VALUES = ['model', 'person'] as const;

export const dateFactAttribute = {
  type: 'list',
  items: {
    type: 'map',
    properties: {
      date: { type: 'string', required: true },
      kind: { type: DATE_KINDS, required: true },
      quote: { type: 'string', required: true },
      messageId: { type: 'string' },
      setBy: { type: SET_BY_VALUES, required: true },
    },
  },
} as const;

export const feeFactAttribute = {
  type: 'list',
  items: {
    type: 'map',
    properties: {
      amount: { type: 'number', required: true },
      currency: { type: 'string', required: true },
      unit: { type: FEE_UNITS, required: true },
      vatIncluded: { type: 'boolean' },
      state: { type: FEE_STATES, required: true },
      quote: { type: 'string', required: true },
      messageId: { type: 'string' },
      setBy: { type: SET_BY_VALUES, required: true },
    },
  },
} as const;

export const failuresAttribute = {
  type: 'list',
  items: {
    type: 'map',
    properties: {
      purpose: { type: 'string', required: true },
      message: { type: 'string', required: true },
      at: { type: 'string', required: true },
    },
  },
} as const;

export const ATTRIBUTION_TARGET_REASONS = ['talent_address', 'manager_named', 'manager_only', 'assigned'] as const;

export const targetsAttribute = {
  type: 'list',
  items: {
    type: 'map',
    properties: {
      contactEmail: { type: 'string', required: true },
      campaignId: { type: 'string', required: true },
      reason: { type: ATTRIBUTION_TARGET_REASONS, required: true },
      campaignConfirmed: { type: 'boolean', required: true },
      /** what the rules saw, in staff's words (absent on items written before it was kept) */
      evidence: { type: 'string' },
    },
  },
} as const;

export const candidatesAttribute = {
  type: 'list',
  items: {
    type: 'map',
    properties: {
      contactEmail: { type: 'string', required: true },
      campaignId: { type: 'string', required: true },
    },
  },
} as const;
