import { FileSpreadsheet, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { TIMING } from '../../../../../shared/constants';
import { messages } from '../../../../../shared/messages';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { notify } from '../../../components/ui/notifications';
import { Select, type SelectOption } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSheetMetadata } from '../api/get-sheet-metadata';
import type { ImportResult } from '../api/contact-types';
import { useImportLonglist, useLonglistImport, useRefreshImported } from '../api/import-longlist';
import { canImport, importResultText, importResultView, type ImportResultView } from '../lib/import-form';
import { sheetCheckMessage } from '../lib/sheet-check';
import { parseSheetUrl } from '../lib/sheet-url';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useTimedError } from '../lib/use-timed-error';
import { contactText } from '../messages';

const text = messages.contacts;
const labels = text.import;

type FieldErrors = { campaign?: string; url?: string };

/**
 * The last import's result: its counts and every row it skipped or found a duplicate, with the
 * row number and reason. It stays until dismissed (or the next import starts), unlike the toast.
 */
const ImportResultPanel = ({ result, onDismiss }: { result: ImportResultView; onDismiss: () => void }) => {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-4 rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800" data-testid="import-result">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="font-medium text-slate-900">
            {importResultText.title}
          </h3>
          <p className="mt-0.5">{result.summary}</p>
        </div>
        <button type="button" onClick={onDismiss} aria-label={importResultText.dismiss} className="rounded p-0.5 opacity-70 hover:opacity-100">
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      {result.notes.length > 0 ? (
        <div className="mt-3 max-h-72 overflow-y-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{importResultText.notesCaption}</caption>
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {importResultText.row}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {importResultText.outcome}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {importResultText.reason}
                </th>
              </tr>
            </thead>
            <tbody>
              {result.notes.map((note) => (
                <tr key={`${note.row}-${note.kind}-${note.email ?? ''}-${note.reason}`} className="border-t border-slate-200" data-testid="import-note">
                  <td className="py-1 pr-3 tabular-nums">{note.row}</td>
                  <td className="py-1 pr-3">{note.kind === 'skipped' ? importResultText.skipped : importResultText.duplicate}</td>
                  <td className="py-1 break-words">
                    {note.reason}
                    {note.email ? <span className="text-slate-500"> ({note.email})</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {result.unlisted > 0 ? <p className="mt-1 text-slate-600">{importResultText.unlisted(result.unlisted)}</p> : null}
    </section>
  );
};

/** A running import's progress: a bar, where it stands, and that it goes on without this page. */
const ImportProgress = ({ state }: { state: ImportResult }) => (
  <div className="space-y-1 rounded-md border border-indigo-100 bg-indigo-50 px-4 py-3 text-sm text-slate-700" data-testid="import-progress">
    <progress
      value={state.percent}
      max={100}
      aria-label={text.importProgress.progressLabel}
      className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-indigo-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-indigo-600"
    />
    <p aria-live="polite">{state.message}</p>
    <p className="text-xs text-slate-500">{text.importProgress.background}</p>
  </div>
);

const FOLLOWED_KEY = 'threadline.longlistImport';
const readFollowed = (): string | null => {
  try {
    return globalThis.sessionStorage?.getItem(FOLLOWED_KEY) || null;
  } catch {
    return null;
  }
};
const writeFollowed = (importId: string | null) => {
  try {
    if (importId) globalThis.sessionStorage?.setItem(FOLLOWED_KEY, importId);
    else globalThis.sessionStorage?.removeItem(FOLLOWED_KEY);
  } catch {
    // storage may be unavailable: the progress then shows until the page is left
  }
};

export const ImportLonglistForm = ({ campaignOptions }: { campaignOptions: readonly SelectOption[] }) => {
  const importLonglist = useImportLonglist();
  const refreshImported = useRefreshImported();
  // The background import this form follows (kept for the tab, so coming back shows it again).
  const [following, setFollowingState] = useState<string | null>(readFollowed);
  const [startedState, setStartedState] = useState<ImportResult | null>(null);
  const followed = useLonglistImport(following);
  const ended = useRef(new Set<string>());
  const setFollowing = useCallback((importId: string | null) => {
    writeFollowed(importId);
    setFollowingState(importId);
  }, []);
  const banner = useTimedError();
  const ids = { campaign: useId(), url: useId(), tab: useId(), status: useId() };
  const [campaignId, setCampaignId] = useState('');
  const [sheetUrl, setSheetUrl] = useState('');
  const [chosenTab, setChosenTab] = useState('');
  const [typedTab, setTypedTab] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [lastResult, setLastResult] = useState<ImportResultView | null>(null);

  const parsed = sheetUrl.trim() ? parseSheetUrl(sheetUrl) : undefined;
  const sheetId = parsed?.ok ? parsed.sheetId : undefined;
  // The access check waits for a 0.5 s pause in typing.
  const settledId = useDebouncedValue(sheetId, TIMING.sheetCheckDebounceMs);
  const metadata = useSheetMetadata(settledId === sheetId ? sheetId : undefined);

  const checking = Boolean(sheetId) && (settledId !== sheetId || metadata.isFetching);
  const sheet = sheetId && settledId === sheetId && !metadata.isFetching ? metadata.data : undefined;
  const checkError = sheetId && settledId === sheetId && !metadata.isFetching && metadata.isError ? sheetCheckMessage(metadata.error) : undefined;
  const urlError = parsed && !parsed.ok ? parsed.error : fieldErrors.url;
  const tabs = sheet?.tabs ?? [];
  const tabOptions = tabs.map((tab) => ({ value: tab.name, label: tab.name }));
  const selectedTab = tabs.some((tab) => tab.name === chosenTab) ? chosenTab : (tabs[0]?.name ?? '');
  const importing = importLonglist.isPending || following !== null;
  const progress = following ? (followed.data ?? startedState) : null;

  const enabled = canImport({
    campaignId,
    sheetUrl,
    tabCount: tabs.length,
    checking,
    importing,
    hasError: Boolean(checkError || urlError),
  });

  const resetForm = () => {
    setCampaignId('');
    setSheetUrl('');
    setChosenTab('');
    setTypedTab('');
    setFieldErrors({});
  };

  const showBanner = banner.show;
  /** An import that ended: its toast and result panel, or its failure in the banner. */
  const showEnded = useCallback(
    (result: ImportResult) => {
      if (result.status === 'failed') {
        const reason = result.error || result.message || text.importFailed;
        showBanner(reason);
        notify({ type: 'error', title: text.importFailedTitle, message: reason });
        return;
      }
      notify({
        type: 'success',
        title: contactText.importedTitle,
        message: result.message || contactText.imported(result.imported ?? 0, result.skipped ?? 0, result.duplicates ?? 0),
      });
      setLastResult(importResultView(result));
    },
    [showBanner],
  );

  useEffect(() => {
    const state = followed.data;
    if (!following || !state || state.status === 'running' || ended.current.has(state.import_id)) return;
    ended.current.add(state.import_id);
    setFollowing(null);
    setStartedState(null);
    refreshImported();
    showEnded(state);
  }, [followed.data, following, setFollowing, refreshImported, showEnded]);

  useEffect(() => {
    if (!following || !followed.error) return;
    setFollowing(null);
    setStartedState(null);
    showBanner(errorMessage(followed.error, text.importFailedHint));
    notify({ type: 'error', title: text.importFailedTitle, message: errorMessage(followed.error, text.importFailed) });
  }, [followed.error, following, setFollowing, showBanner]);

  const onSubmit = async () => {
    const errors: FieldErrors = {};
    if (!campaignId) errors.campaign = text.validation.importCampaignRequired;
    if (!sheetId) errors.url = text.validation.sheetUrl;
    setFieldErrors(errors);
    if (!sheetId || !campaignId) return;
    banner.dismiss();
    setLastResult(null);
    try {
      const result = await importLonglist.mutateAsync({
        campaign_id: campaignId,
        source_sheet_id: sheetId,
        source_tab_name: tabs.length > 0 ? selectedTab : typedTab.trim(),
      });
      resetForm();
      if (result.status === 'running') {
        // A long sheet goes on in the background: follow its progress.
        setStartedState(result);
        setFollowing(result.import_id);
        return;
      }
      showEnded(result);
    } catch (error) {
      banner.show(errorMessage(error, text.importFailedHint));
      notify({ type: 'error', title: text.importFailedTitle, message: errorMessage(error, text.importFailed) });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{labels.title}</CardTitle>
        <CardDescription>{labels.requiredColumns}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label={labels.title}
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (enabled) void onSubmit();
          }}
        >
          {banner.error ? (
            <Banner variant="error" onDismiss={banner.dismiss}>
              {banner.error}
            </Banner>
          ) : null}
          <fieldset disabled={importing} className="space-y-4">
            <div>
              <Label htmlFor={ids.campaign}>{text.addIndividual.campaign}</Label>
              <Select
                id={ids.campaign}
                value={campaignId}
                onValueChange={(value) => {
                  setCampaignId(value);
                  setFieldErrors((current) => ({ ...current, campaign: undefined }));
                }}
                options={campaignOptions}
                placeholder={contactText.campaignPlaceholder}
                aria-invalid={fieldErrors.campaign ? true : undefined}
                aria-describedby={fieldErrors.campaign ? `${ids.campaign}-error` : undefined}
              />
              <FieldError id={`${ids.campaign}-error`} message={fieldErrors.campaign} />
            </div>
            <div>
              <Label htmlFor={ids.url}>{contactText.sheetUrlLabel}</Label>
              <Input
                id={ids.url}
                type="url"
                inputMode="url"
                placeholder={contactText.sheetUrlPlaceholder}
                value={sheetUrl}
                onChange={(event) => {
                  setSheetUrl(event.target.value);
                  setChosenTab('');
                  setFieldErrors((current) => ({ ...current, url: undefined }));
                }}
                aria-invalid={urlError || checkError ? true : undefined}
                aria-describedby={`${ids.url}-error ${ids.status}`}
              />
              <FieldError id={`${ids.url}-error`} message={urlError} />
              <div id={ids.status} aria-live="polite" className="mt-1 text-sm">
                {checking ? (
                  <p className="flex items-center gap-2 text-slate-500">
                    <Spinner size="sm" />
                    {labels.validating}
                  </p>
                ) : checkError ? (
                  <p className="text-red-600">{checkError}</p>
                ) : sheet ? (
                  <p className="text-green-700">{labels.found(sheet.spreadsheet_name)}</p>
                ) : null}
              </div>
            </div>
            {tabs.length > 0 ? (
              <div>
                <Label htmlFor={ids.tab}>{contactText.tabLabel}</Label>
                <Select id={ids.tab} value={selectedTab} onValueChange={setChosenTab} options={tabOptions} />
              </div>
            ) : (
              <div>
                <Label htmlFor={ids.tab}>{labels.tabName}</Label>
                <Input id={ids.tab} placeholder={labels.tabPlaceholder} value={typedTab} onChange={(event) => setTypedTab(event.target.value)} />
              </div>
            )}
            <Button type="submit" disabled={!enabled} loading={importing} className="w-full">
              {importing ? null : <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />}
              {importing ? labels.submitting : labels.submit}
            </Button>
          </fieldset>
        </form>
        {progress ? (
          <div className="mt-4">
            <ImportProgress state={progress} />
          </div>
        ) : null}
        {lastResult ? <ImportResultPanel result={lastResult} onDismiss={() => setLastResult(null)} /> : null}
      </CardContent>
    </Card>
  );
};
