import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { sheetCheckMessage } from './sheet-check';

describe('sheetCheckMessage', () => {
  it('maps a message containing "permission" to the no-permission line', () => {
    expect(sheetCheckMessage(new ApiError(403, 'No permission to access this sheet'))).toBe('❌ No permission to access this sheet');
    expect(sheetCheckMessage(new ApiError(403, 'The caller does not have PERMISSION'))).toBe('❌ No permission to access this sheet');
  });

  it('maps a message containing "not found" to the not-found line', () => {
    expect(sheetCheckMessage(new ApiError(404, 'Sheet not found or deleted'))).toBe('❌ Sheet not found or deleted');
    expect(sheetCheckMessage(new ApiError(404, 'Requested entity was Not Found.'))).toBe('❌ Sheet not found or deleted');
  });

  it('shows any other message as is, and "Failed to access sheet" without one', () => {
    expect(sheetCheckMessage(new ApiError(500, 'Sheets API quota exceeded'))).toBe('Sheets API quota exceeded');
    expect(sheetCheckMessage(new Error(''))).toBe('Failed to access sheet');
    expect(sheetCheckMessage(undefined)).toBe('Failed to access sheet');
  });
});
