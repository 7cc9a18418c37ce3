/**
 * The product's table of OpenAI chat models: which ids are chat models, how each family takes
 * its request parameters, which are recommended per purpose, and when each shuts down with its
 * successor. No API returns shutdown dates or successors: they come from OpenAI's deprecation
 * notes (the openai SDK's `ChatModel` docs announce gpt-5, gpt-5-mini and gpt-5-nano shutting
 * down on 2026-12-11, and gpt-4.1, gpt-4.1-mini, gpt-4o and gpt-4o-mini on 2027-01-14).
 * No Node imports: the web app reads it too.
 */
import { MODEL_DEFAULTS, MODEL_PURPOSES, type ModelPurpose } from './constants';

export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh';

export type ModelFamily = {
  id: string;
  /** which ids belong to the family (dated snapshots included) */
  match: RegExp;
  /** the output limit's parameter: reasoning models refuse max_tokens */
  tokenParam: 'max_completion_tokens' | 'max_tokens';
  /** false: only the default temperature (1) is accepted, so none is sent */
  temperature: boolean;
  /** accepted reasoning_effort values; empty: the parameter is refused */
  efforts: readonly ReasoningEffort[];
  /** the effort the product sends (the cheapest the family accepts) */
  effort?: ReasoningEffort;
};

const snap = (alias: string) => new RegExp(`^${alias.replace(/\./g, '\\.')}(-\\d{4}-\\d{2}-\\d{2})?$`);
const anyOf = (...aliases: string[]) => new RegExp(aliases.map((a) => snap(a).source).join('|'));

/** One capability table; the first matching family wins. */
export const MODEL_FAMILIES: readonly ModelFamily[] = [
  { id: 'gpt-5', match: anyOf('gpt-5', 'gpt-5-mini', 'gpt-5-nano'), tokenParam: 'max_completion_tokens', temperature: false, efforts: ['minimal', 'low', 'medium', 'high'], effort: 'minimal' },
  { id: 'gpt-5.1', match: anyOf('gpt-5.1', 'gpt-5.1-mini'), tokenParam: 'max_completion_tokens', temperature: false, efforts: ['none', 'low', 'medium', 'high'], effort: 'none' },
  {
    id: 'gpt-5.2+',
    match: /^gpt-(5\.[2-9]|6(\.\d+)?)(-(mini|nano|sol|terra|luna|astra))?(-\d{4}-\d{2}-\d{2})?$/,
    tokenParam: 'max_completion_tokens',
    temperature: false,
    efforts: ['none', 'low', 'medium', 'high', 'xhigh'],
    effort: 'none',
  },
  { id: 'o-series', match: anyOf('o1', 'o3', 'o3-mini', 'o4-mini'), tokenParam: 'max_completion_tokens', temperature: false, efforts: ['low', 'medium', 'high'], effort: 'low' },
  { id: 'gpt-4.1', match: anyOf('gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano'), tokenParam: 'max_completion_tokens', temperature: true, efforts: [] },
  { id: 'gpt-4o', match: anyOf('gpt-4o', 'gpt-4o-mini'), tokenParam: 'max_completion_tokens', temperature: true, efforts: [] },
  { id: 'legacy', match: anyOf('gpt-4-turbo', 'gpt-4', 'gpt-3.5-turbo'), tokenParam: 'max_tokens', temperature: true, efforts: [] },
];

/** The family of a chat model id, or undefined (embeddings, audio, images, search, codex...). */
export const modelFamily = (id: string): ModelFamily | undefined => MODEL_FAMILIES.find((f) => f.match.test(id));
export const isChatModel = (id: string): boolean => modelFamily(id) !== undefined;
export const isReasoningFamily = (f: ModelFamily | undefined): boolean => Boolean(f && f.efforts.length > 0);

/** Announced shutdowns (UTC dates) and the model each one's calls move to. */
export const MODEL_RETIREMENTS: Readonly<Record<string, { shutdown: string; successor: string }>> = {
  'gpt-5': { shutdown: '2026-12-11', successor: 'gpt-5.5' },
  'gpt-5-mini': { shutdown: '2026-12-11', successor: 'gpt-5.4-mini' },
  'gpt-5-nano': { shutdown: '2026-12-11', successor: 'gpt-5.4-nano' },
  o3: { shutdown: '2026-12-11', successor: 'gpt-5.5' },
  'gpt-4.1': { shutdown: '2027-01-14', successor: 'gpt-5.5' },
  'gpt-4.1-mini': { shutdown: '2027-01-14', successor: 'gpt-5.4-mini' },
  'gpt-4o': { shutdown: '2027-01-14', successor: 'gpt-5.5' },
  'gpt-4o-mini': { shutdown: '2027-01-14', successor: 'gpt-5.4-mini' },
  'gpt-4.1-nano': { shutdown: '2026-10-23', successor: 'gpt-5.4-nano' },
  'o4-mini': { shutdown: '2026-10-23', successor: 'gpt-5.4-mini' },
  'o3-mini': { shutdown: '2026-10-23', successor: 'gpt-5.4-mini' },
  o1: { shutdown: '2026-10-23', successor: 'gpt-5.5' },
  'gpt-5.1': { shutdown: '2027-04-01', successor: 'gpt-5.5' },
  'gpt-5.4-nano': { shutdown: '2027-04-01', successor: 'gpt-5.4-mini' },
};

/** A dated snapshot (`gpt-5-nano-2025-08-07`) retires with its alias. */
const aliasOf = (id: string): string => id.replace(/-\d{4}-\d{2}-\d{2}$/, '');

export const retirementOf = (id: string) => MODEL_RETIREMENTS[aliasOf(id)];

/** Shut down at `now`: the shutdown day has begun (UTC). */
export const isRetired = (id: string, now: number): boolean => {
  const r = retirementOf(id);
  return Boolean(r && Date.parse(`${r.shutdown}T00:00:00Z`) <= now);
};

/**
 * The model a call for `purpose` moves to when `id` is retired (or refused as not found): the
 * table's successor, followed while that one is retired too; the purpose's recommended model
 * when the table has none.
 */
export const successorFor = (id: string, purpose: ModelPurpose, now: number): string => {
  let current = id;
  for (let hops = 0; hops < 8; hops += 1) {
    const next = retirementOf(current)?.successor;
    if (!next) break;
    current = next;
    if (!isRetired(current, now)) return current;
  }
  if (current !== id && !isRetired(current, now)) return current;
  return RECOMMENDED_SUCCESSOR[purpose];
};

/** The spec's defaults stay the recommended models while they live. */
export const RECOMMENDED: Readonly<Record<ModelPurpose, readonly string[]>> = Object.fromEntries(
  MODEL_PURPOSES.map((purpose) => [purpose, MODEL_DEFAULTS[purpose].recommended ? [MODEL_DEFAULTS[purpose].model] : []]),
) as Record<ModelPurpose, string[]>;

/** Where each purpose goes when nothing better is known: a live, cheap model of the same tier. */
export const RECOMMENDED_SUCCESSOR: Readonly<Record<ModelPurpose, string>> = {
  thread_summary: 'gpt-5.4-mini',
  individual_message_summary: 'gpt-5.4-nano',
  date_validation: 'gpt-5.4-mini',
  campaign_aggregation: 'gpt-5.4-nano',
};

/** Purposes a model is recommended for at `now`: the spec's default while it lives, then its successor. */
export const recommendedFor = (id: string, now: number): ModelPurpose[] =>
  MODEL_PURPOSES.filter((purpose) =>
    RECOMMENDED[purpose].some((model) => (isRetired(model, now) ? successorFor(model, purpose, now) === id : model === id)),
  );

export type ModelChoiceInfo = {
  id: string;
  family: string;
  recommended_for: ModelPurpose[];
  /** yyyy-MM-dd, or null when no shutdown is announced */
  shutdown_on: string | null;
  successor: string | null;
  retired: boolean;
};

export const describeModel = (id: string, now: number): ModelChoiceInfo => {
  const r = retirementOf(id);
  return {
    id,
    family: modelFamily(id)?.id ?? 'unknown',
    recommended_for: recommendedFor(id, now),
    shutdown_on: r?.shutdown ?? null,
    successor: r?.successor ?? null,
    retired: isRetired(id, now),
  };
};

/**
 * The choices offered: the key's chat models that are not shut down, aliases before dated
 * snapshots, recommended ones first.
 */
export const modelChoices = (ids: readonly string[], now: number): ModelChoiceInfo[] =>
  [...new Set(ids)]
    .filter((id) => isChatModel(id) && !isRetired(id, now) && aliasOf(id) === id)
    .map((id) => describeModel(id, now))
    .sort((a, b) => b.recommended_for.length - a.recommended_for.length || a.id.localeCompare(b.id));

/** The sentence Settings and the dashboard show for a replacement warning (purpose label given by the caller). */
export const modelWarningText = (w: { old_model: string; new_model: string; reason: 'retired' | 'not_found' }, purposeLabel: string): string =>
  w.reason === 'retired'
    ? `${purposeLabel}: ${w.old_model} has been shut down, so ${w.new_model} is being used instead. Choose a model in Settings → AI Models to dismiss this.`
    : `${purposeLabel}: OpenAI no longer serves ${w.old_model} to this key, so ${w.new_model} is being used instead. Choose a model in Settings → AI Models to dismiss this.`;
