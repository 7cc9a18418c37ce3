import { userEntity } from '../store/entities/user';
import { nowIso } from '../store/keys';

export type UserProfile = { email: string; name?: string; picture?: string; lastAgencyName?: string };

export const upsertProfile = async (profile: { email: string; name?: string; picture?: string }): Promise<UserProfile> => {
  const now = nowIso();
  const { data } = await userEntity
    .upsert({
      email: profile.email,
      ...(profile.name ? { name: profile.name } : {}),
      ...(profile.picture ? { picture: profile.picture } : {}),
      updatedAt: now,
      lastSignInAt: now,
    })
    .ifNotExists({ createdAt: now })
    .go({ response: 'all_new' });
  return data as UserProfile;
};

export const getProfile = async (email: string): Promise<UserProfile | undefined> => {
  const { data } = await userEntity.get({ email }).go();
  return data ?? undefined;
};

export const getProfiles = async (emails: string[]): Promise<Map<string, UserProfile>> => {
  const unique = [...new Set(emails)];
  if (!unique.length) return new Map();
  const { data } = await userEntity
    .get(unique.map((email) => ({ email })))
    .go();
  return new Map(data.map((profile) => [profile.email, profile]));
};

/** Remembers the agency the person works in (selected again at the next sign-in). */
export const rememberAgency = async (email: string, agencyName: string): Promise<void> => {
  const now = nowIso();
  await userEntity
    .upsert({ email, lastAgencyName: agencyName, updatedAt: now })
    .ifNotExists({ createdAt: now })
    .go({ response: 'none' });
};
