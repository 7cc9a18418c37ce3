/**
 * Bulk actions on the board's selected rows: one contacts request per row (always naming the
 * campaign), a few at a time, each row's outcome kept so the screen can report it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ConversationJson } from '../../../../../shared/schemas/conversations';
import { isApiError } from '../../../lib/api-client';
import { campaignKeys } from '../../campaigns/api/campaign-keys';
import { addContact } from '../../contacts/api/add-contact';
import { contactKeys } from '../../contacts/api/contact-keys';
import { removeContact } from '../../contacts/api/remove-contact';
import { toggleTracking } from '../../contacts/api/toggle-tracking';
import { conversationKeys } from '../api/conversation-keys';

/** A row a contacts request can name: a talent of a campaign. */
export type BulkTarget = { id: string; email: string; campaignId: string; name: string; manager: string; handle: string };

export type RowOutcome = { target: BulkTarget; result: 'done' } | { target: BulkTarget; result: 'duplicate' } | { target: BulkTarget; result: 'failed'; message: string };

export const bulkTargets = (rows: readonly ConversationJson[]): BulkTarget[] =>
  rows.flatMap((row) =>
    row.contact_email && row.campaign_id
      ? [{ id: row.id, email: row.contact_email, campaignId: row.campaign_id, name: row.talent_name || row.contact_email, manager: row.email_owner, handle: row.handle }]
      : [],
  );

const CONCURRENCY = 4;

/** Runs `task` for every target, at most CONCURRENCY at once; the outcomes keep the targets' order. */
export const runForEach = async (targets: readonly BulkTarget[], task: (target: BulkTarget) => Promise<RowOutcome['result']>): Promise<RowOutcome[]> => {
  const outcomes: RowOutcome[] = new Array(targets.length);
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const index = next;
      next += 1;
      const target = targets[index]!;
      try {
        const result = await task(target);
        outcomes[index] = result === 'failed' ? { target, result, message: '' } : { target, result };
      } catch (error) {
        outcomes[index] = { target, result: 'failed', message: error instanceof Error && error.message ? error.message : String(error) };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, targets.length) }, worker));
  return outcomes;
};

export const setTrackingFor = (targets: readonly BulkTarget[], tracking: boolean) =>
  runForEach(targets, async (target) => {
    await toggleTracking({ email: target.email, tracking, campaign_id: target.campaignId });
    return 'done';
  });

export const removeFromCampaign = (targets: readonly BulkTarget[]) =>
  runForEach(targets, async (target) => {
    await removeContact({ email: target.email, campaign_id: target.campaignId });
    return 'done';
  });

/** Adds each talent to `campaignId` as it is here; 409 (already a contact there) is a duplicate, not a failure. */
export const addToCampaign = (targets: readonly BulkTarget[], campaignId: string) =>
  runForEach(targets, async (target) => {
    try {
      await addContact({
        email: target.email,
        talent_name: target.name,
        email_owner: target.manager,
        campaign_id: campaignId,
        ...(target.handle ? { handle: target.handle } : {}),
      });
      return 'done';
    } catch (error) {
      if (isApiError(error) && error.status === 409) return 'duplicate';
      throw error;
    }
  });

export const countOutcomes = (outcomes: readonly RowOutcome[]) => {
  const failed = outcomes.filter((outcome): outcome is Extract<RowOutcome, { result: 'failed' }> => outcome.result === 'failed');
  return {
    done: outcomes.filter((outcome) => outcome.result === 'done').length,
    duplicates: outcomes.filter((outcome) => outcome.result === 'duplicate').length,
    failed,
  };
};

/** After any bulk change: the board, the contacts screen and the campaign cards' counts reload. */
export const useInvalidateAfterBulk = () => {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
        queryClient.invalidateQueries({ queryKey: contactKeys.all }),
        queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
      ]),
    [queryClient],
  );
};
