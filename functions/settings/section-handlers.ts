import type { ZodType } from 'zod';
import type { SectionSettingsJson, SettingsSectionName } from '../../shared/schemas/settings';
import { defineHandler } from '../lib/http/handler';
import { requireOwner } from '../lib/identity/roles';
import { updateSection } from '../lib/settings/service';
import { readSettings } from '../lib/settings/store';

/** A section's answer (shared/schemas/settings.ts `sectionResponse`): the whole section. */
type SectionAnswer<S extends SettingsSectionName> = { success: true; settings: SectionSettingsJson[S] };

/** GET /api/v3/settings/<section> → the section with the defaults filled in. */
export const sectionGetHandler = <S extends SettingsSectionName>(section: S) =>
  defineHandler('agency', {}, async ({ scope }): Promise<SectionAnswer<S>> => ({ success: true, settings: (await readSettings(scope))[section] }));

/**
 * POST /api/v3/settings/<section> {fields to change} → the whole section after the change.
 * `ownersOnly`: the message a member is refused with (403) when only owners may change it.
 */
export const sectionSetHandler = <S extends SettingsSectionName, B extends Record<string, unknown>>(section: S, body: ZodType<B>, ownersOnly?: string) =>
  defineHandler('agency', { body }, async ({ body: fields, scope }): Promise<SectionAnswer<S>> => {
    if (ownersOnly) requireOwner(scope, ownersOnly);
    return { success: true, settings: await updateSection(scope, section, fields) };
  });
