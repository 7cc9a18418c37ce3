import { createHash } from 'node:crypto';
import { normalizeEmailAddress } from '../../../shared/email-address';
import { erasedTalentEntity } from '../store/entities/erased-talent';
import { nowIso } from '../store/keys';

/**
 * The talents an agency erased, known by a hash of the address only: the erasure's audit entry
 * and the marker name this, never the address. The agency name salts it, so one agency's marker
 * says nothing about another's talents.
 */
export const talentAddressHash = (agencyName: string, email: string): string =>
  createHash('sha256').update(`${agencyName}|${normalizeEmailAddress(email)}`).digest('hex').slice(0, 16);

export const markErased = async (agencyName: string, email: string): Promise<void> => {
  await erasedTalentEntity.put({ agencyName, addressHash: talentAddressHash(agencyName, email), erasedAt: nowIso() }).go({ response: 'none' });
};

/** Someone added the talent again as a contact: their mail is read again. */
export const clearErased = async (agencyName: string, email: string): Promise<void> => {
  await erasedTalentEntity.delete({ agencyName, addressHash: talentAddressHash(agencyName, email) }).go({ response: 'none' });
};

/** Every erased talent's hash (one Query, read once per processing batch with the directory). */
export const erasedHashes = async (agencyName: string): Promise<Set<string>> =>
  new Set((await erasedTalentEntity.query.byAgency({ agencyName }).go({ pages: 'all', attributes: ['addressHash'] })).data.map((item) => item.addressHash));
