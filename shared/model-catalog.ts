/**
 * The product's table of OpenAI chat models: which ids are chat models, how each family takes
 * its request parameters, which are recommended per purpose, and how each model's life ends.
 * A model's shutdown date is what OpenAI's `GET /v1/models` says (`shutdown_date`, read per key
 * and passed here as `listed`); this table's date is the fallback when the list has none. The
 * successors follow OpenAI's deprecations page (developers.openai.com/api/docs/deprecations):
 * the newest replacement it recommends, never one that itself shuts down sooner.
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
  // Chat Completions takes reasoning_effort up to xhigh on these; gpt-6.1-sol and gpt-6-astra refuse none.
  { id: 'gpt-6.1-sol', match: anyOf('gpt-6.1-sol', 'gpt-6-astra', 'gpt-6.1-astra'), tokenParam: 'max_completion_tokens', temperature: false, efforts: ['low', 'medium', 'high', 'xhigh'], effort: 'low' },
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

/**
 * OpenAI's deprecations page, per model: the shutdown day (UTC) it announced and the replacements
 * it recommended, in the order it named them (the page has updated some: gpt-5-nano's was
 * gpt-5.6-luna, then gpt-6-luna). Announced 2026-06-11 (gpt-5 family, o3), 2026-10-14 (gpt-4o and
 * gpt-4.1 snapshots), the 2026-04-22 legacy snapshots (gpt-4.1-nano, o1, o3-mini, o4-mini). The
 * 2027-04-01 notice for gpt-5.1 and gpt-5.4-nano names no replacement the product can rely on:
 * their purposes go to the purpose's recommended successor.
 */
export const DEPRECATIONS: Readonly<Record<string, { shutdown: string; replacements: readonly string[] }>> = {
  'gpt-5': { shutdown: '2026-12-11', replacements: ['gpt-5.6-sol', 'gpt-6.1-sol'] },
  'gpt-5-mini': { shutdown: '2026-12-11', replacements: ['gpt-5.6-terra', 'gpt-6.1-terra'] },
  'gpt-5-nano': { shutdown: '2026-12-11', replacements: ['gpt-5.6-luna', 'gpt-6-luna'] },
  o3: { shutdown: '2026-12-11', replacements: ['gpt-5.6-sol', 'gpt-6.1-sol'] },
  'gpt-4.1': { shutdown: '2027-01-14', replacements: ['gpt-6-luna'] },
  'gpt-4.1-mini': { shutdown: '2027-01-14', replacements: ['gpt-6-luna'] },
  'gpt-4o': { shutdown: '2027-01-14', replacements: ['gpt-6-luna'] },
  'gpt-4o-mini': { shutdown: '2027-01-14', replacements: ['gpt-6-luna'] },
  'gpt-4.1-nano': { shutdown: '2026-10-23', replacements: ['gpt-5.6-luna'] },
  'o4-mini': { shutdown: '2026-10-23', replacements: ['gpt-5.6-terra'] },
  'o3-mini': { shutdown: '2026-10-23', replacements: ['gpt-5.6-sol'] },
  o1: { shutdown: '2026-10-23', replacements: ['gpt-5.6-sol'] },
  'gpt-5.1': { shutdown: '2027-04-01', replacements: [] },
  'gpt-5.4-nano': { shutdown: '2027-04-01', replacements: [] },
};

/**
 * Shutdown days as a key's `GET /v1/models` lists them: id → `shutdown_date` (null: none
 * announced). A model the list does not carry (or carries without the field) falls back to the
 * table.
 */
export type ListedShutdowns = Readonly<Record<string, string | null>>;

/** A dated snapshot (`gpt-5-nano-2025-08-07`) retires with its alias. */
const aliasOf = (id: string): string => id.replace(/-\d{4}-\d{2}-\d{2}$/, '');

/** The model's shutdown day (yyyy-MM-dd), or null when none is announced. */
export const shutdownOf = (id: string, listed?: ListedShutdowns): string | null => {
  if (listed && Object.hasOwn(listed, id)) return listed[id] ?? null;
  if (listed && Object.hasOwn(listed, aliasOf(id))) return listed[aliasOf(id)] ?? null;
  return DEPRECATIONS[aliasOf(id)]?.shutdown ?? null;
};

/** Shut down at `now`: the shutdown day has begun (UTC). */
export const isRetired = (id: string, now: number, listed?: ListedShutdowns): boolean => {
  const day = shutdownOf(id, listed);
  return day !== null && Date.parse(`${day}T00:00:00Z`) <= now;
};

/**
 * The replacement the deprecations page recommends for `id`: the newest one named that is live
 * at `now` and does not shut down before `id` does (so a purpose never migrates twice where the
 * page offers a longer-lived model).
 */
export const recommendedReplacement = (id: string, now: number, listed?: ListedShutdowns): string | undefined => {
  const entry = DEPRECATIONS[aliasOf(id)];
  if (!entry) return undefined;
  const own = shutdownOf(id, listed);
  const lastsLonger = (candidate: string) => {
    const day = shutdownOf(candidate, listed);
    return day === null || (own !== null && day >= own);
  };
  return [...entry.replacements].reverse().find((candidate) => !isRetired(candidate, now, listed) && lastsLonger(candidate));
};

/**
 * The model a call for `purpose` moves to when `id` is retired (or refused as not found): the
 * page's recommended replacement, followed while that one is retired too; the purpose's
 * recommended successor when the page names none.
 */
export const successorFor = (id: string, purpose: ModelPurpose, now: number, listed?: ListedShutdowns): string => {
  let current = id;
  for (let hops = 0; hops < 8; hops += 1) {
    const next = recommendedReplacement(current, now, listed);
    if (!next) break;
    current = next;
    if (!isRetired(current, now, listed)) return current;
  }
  return RECOMMENDED_SUCCESSOR[purpose];
};

/** The spec's defaults stay the recommended models while they live. */
export const RECOMMENDED: Readonly<Record<ModelPurpose, readonly string[]>> = Object.fromEntries(
  MODEL_PURPOSES.map((purpose) => [purpose, MODEL_DEFAULTS[purpose].recommended ? [MODEL_DEFAULTS[purpose].model] : []]),
) as Record<ModelPurpose, string[]>;

/**
 * Where each purpose goes when the page names nothing better: the replacement it recommends for
 * the purpose's own default (gpt-4.1-mini and gpt-5-nano both go to gpt-6-luna).
 */
export const RECOMMENDED_SUCCESSOR: Readonly<Record<ModelPurpose, string>> = {
  thread_summary: 'gpt-6-luna',
  individual_message_summary: 'gpt-6-luna',
  date_validation: 'gpt-6-luna',
  campaign_aggregation: 'gpt-6-luna',
};

/** Purposes a model is recommended for at `now`: the spec's default while it lives, then its successor. */
export const recommendedFor = (id: string, now: number, listed?: ListedShutdowns): ModelPurpose[] =>
  MODEL_PURPOSES.filter((purpose) =>
    RECOMMENDED[purpose].some((model) => (isRetired(model, now, listed) ? successorFor(model, purpose, now, listed) === id : model === id)),
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

export const describeModel = (id: string, now: number, listed?: ListedShutdowns): ModelChoiceInfo => {
  const shutdown = shutdownOf(id, listed);
  return {
    id,
    family: modelFamily(id)?.id ?? 'unknown',
    recommended_for: recommendedFor(id, now, listed),
    shutdown_on: shutdown,
    successor: shutdown === null ? null : (recommendedReplacement(id, now, listed) ?? null),
    retired: isRetired(id, now, listed),
  };
};

/**
 * The choices offered: the key's chat models that are not shut down, aliases before dated
 * snapshots, recommended ones first.
 */
export const modelChoices = (ids: readonly string[], now: number, listed?: ListedShutdowns): ModelChoiceInfo[] =>
  [...new Set(ids)]
    .filter((id) => isChatModel(id) && !isRetired(id, now, listed) && aliasOf(id) === id)
    .map((id) => describeModel(id, now, listed))
    .sort((a, b) => b.recommended_for.length - a.recommended_for.length || a.id.localeCompare(b.id));

/** The sentence Settings and the dashboard show for a replacement warning (purpose label given by the caller). */
export const modelWarningText = (w: { old_model: string; new_model: string; reason: 'retired' | 'not_found' }, purposeLabel: string): string =>
  w.reason === 'retired'
    ? `${purposeLabel}: ${w.old_model} has been shut down, so ${w.new_model} is being used instead. Choose a model in Settings → AI Models to dismiss this.`
    : `${purposeLabel}: OpenAI no longer serves ${w.old_model} to this key, so ${w.new_model} is being used instead. Choose a model in Settings → AI Models to dismiss this.`;
