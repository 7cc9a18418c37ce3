import type { ZodType } from 'zod';
import type { SettingsSectionName } from '../../shared/schemas/settings';
import { defineHandler } from '../lib/http/handler';
import { updateSection } from '../lib/settings/service';
import { readSettings } from '../lib/settings/store';

/** GET /api/v3/settings/<section> → the section with the defaults filled in. */
export const sectionGetHandler = (section: SettingsSectionName) =>
  defineHandler('agency', {}, async ({ scope }) => ({ success: true, settings: (await readSettings(scope))[section] }));

/** POST /api/v3/settings/<section> {fields to change} → the whole section after the change. */
export const sectionSetHandler = <B extends Record<string, unknown>>(section: SettingsSectionName, body: ZodType<B>) =>
  defineHandler('agency', { body }, async ({ body: fields, scope }) => ({ success: true, settings: await updateSection(scope, section, fields) }));
