import { Forbidden } from '../http/errors';
import type { SessionContext } from '../session/resolve';
import { agencyEntity } from '../store/entities/agency';
import { memberEntity } from '../store/entities/member';
import { setSessionAgency } from './sessions';
import { rememberAgency } from './users';

export const NOT_A_MEMBER = 'You are not a member of this agency';

export type AgencySummary = { name: string; displayName: string };

export const getAgency = async (name: string) => (await agencyEntity.get({ name }).go()).data ?? undefined;

/** Display names of several agencies (one BatchGet); a missing agency falls back to its id. */
export const agencyDisplayNames = async (names: string[]): Promise<Map<string, string>> => {
  const unique = [...new Set(names)];
  if (!unique.length) return new Map();
  const { data } = await agencyEntity
    .get(unique.map((name) => ({ name })))
    .go();
  return new Map(data.map((agency) => [agency.name, agency.displayName]));
};

export type MyAgency = { name: string; display_name: string; role: 'owner' | 'member'; joined_at: string | null };

export const activeMemberships = async (email: string) => {
  const { data } = await memberEntity.query.byUser({ email }).go({ pages: 'all' });
  return data;
};

export const listMyAgencies = async (email: string): Promise<MyAgency[]> => {
  const active = (await activeMemberships(email)).filter((member) => member.status === 'active');
  const names = await agencyDisplayNames(active.map((member) => member.agencyName));
  return active
    .map((member) => ({
      name: member.agencyName,
      display_name: names.get(member.agencyName) ?? member.agencyName,
      role: member.role,
      joined_at: member.acceptedAt ?? member.invitedAt ?? null,
    }))
    .sort((a, b) => a.display_name.localeCompare(b.display_name));
};

/** The agency a fresh session starts in: the only one, else the last used one still active. */
export const agencyForNewSession = async (email: string, lastAgencyName: string | undefined): Promise<string | undefined> => {
  const active = (await activeMemberships(email)).filter((member) => member.status === 'active');
  if (active.length === 1) return active[0]!.agencyName;
  if (lastAgencyName && active.some((member) => member.agencyName === lastAgencyName)) return lastAgencyName;
  return undefined;
};

/** The caller names the agency here, so the membership is checked before the session moves. */
export const switchAgency = async (session: SessionContext, agencyName: string): Promise<string> => {
  const { data: member } = await memberEntity.get({ agencyName, email: session.email }).go();
  if (!member || member.status !== 'active') throw new Forbidden(NOT_A_MEMBER);
  await setSessionAgency(session.tokenHash, agencyName);
  await rememberAgency(session.email, agencyName);
  return agencyName;
};
