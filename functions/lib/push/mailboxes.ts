import { memberEntity } from '../store/entities/member';
import { mailboxEntity, type MailboxItem } from '../store/entities/mailbox';

/**
 * Every agency a mailbox is connected to (its owner an active member there), with the item:
 * one Query on the byUser index and one read per membership. A Gmail mailbox is watched once,
 * whatever number of agencies read it.
 */
export const connectedAgenciesOf = async (email: string): Promise<MailboxItem[]> => {
  const address = email.trim().toLowerCase();
  const { data: memberships } = await memberEntity.query.byUser({ email: address }).go({ pages: 'all', attributes: ['agencyName', 'status'] });
  const active = memberships.filter((m) => m.status === 'active');
  const items = await Promise.all(active.map(async (m) => (await mailboxEntity.get({ agencyName: m.agencyName, email: address }).go({ consistent: true })).data));
  return items.filter((item): item is MailboxItem => item?.connected === true);
};
