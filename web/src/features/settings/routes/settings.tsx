import { RotateCcw } from 'lucide-react';
import { messages } from '../../../../../shared/messages';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notifications';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { ActivitySection } from '../../audit/components/activity-section';
import { AgencyMembersSection } from '../../members/components/agency-members-section';
import { ConnectedMailboxesSection } from '../../mailboxes/components/connected-mailboxes-section';
import { useMembership } from '../../auth/api/use-membership';
import { useModelConfig } from '../api/get-model-config';
import { useSettingsSection } from '../api/get-settings-section';
import { useResetSettings } from '../api/reset-settings';
import { CheckIntervalSetting } from '../components/check-interval-setting';
import { DriveRecoverySection } from '../components/drive-recovery-section';
import { EarliestEmailSection } from '../components/earliest-email-section';
import { ModelConfigSection } from '../components/model-config-section';
import { ProcessingSettingsSection } from '../components/processing-settings-section';
import { useLoadErrorBanner } from '../lib/use-load-error-banner';
import { useScrollToHash } from '../lib/use-scroll-to-hash';

/** /settings#connected-mailboxes: the dashboard's mailbox line and connect prompt link here. */
const CONNECTED_MAILBOXES_ANCHOR = 'connected-mailboxes';

const text = messages.settings;

export const SettingsRoute = () => {
  const loadError = useLoadErrorBanner([
    { part: 'model_config', ...useModelConfig() },
    { part: 'processing_limits', ...useSettingsSection('processing_limits') },
    { part: 'processing_mode', ...useSettingsSection('processing_mode') },
    { part: 'date_range_processing', ...useSettingsSection('date_range_processing') },
    { part: 'health_check', ...useSettingsSection('health_check') },
    { part: 'monitoring_config', ...useSettingsSection('monitoring_config') },
  ]);
  const reset = useResetSettings();
  useScrollToHash();
  // Restoring defaults is an owner's action; members still change the sections themselves.
  const { isOwner } = useMembership();

  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: () => notify({ type: 'success', title: text.resetTitle, message: text.reset }),
      // A refusal (403, 409) says why; anything else reads as the spec's failure.
      onError: (error) =>
        notify({
          type: 'error',
          title: text.resetFailedTitle,
          message: error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message ? error.message : text.resetFailed,
        }),
    });

  return (
    <>
      <PageHeader
        title={text.title}
        subtitle={text.subtitle}
        actions={
          isOwner ? (
            <Button variant="outline" onClick={onReset} loading={reset.isPending}>
              {reset.isPending ? null : <RotateCcw className="h-4 w-4" aria-hidden="true" />}
              {text.restoreDefaults}
            </Button>
          ) : undefined
        }
      />
      <div className="space-y-6">
        {loadError.message ? (
          // Clearing the banner retries the parts that failed.
          <Banner variant="error" onDismiss={loadError.clear}>
            <span className="whitespace-pre-line">{loadError.message}</span>
          </Banner>
        ) : null}
        <AgencyMembersSection />
        <div id={CONNECTED_MAILBOXES_ANCHOR} className="scroll-mt-20">
          <ConnectedMailboxesSection>
            <CheckIntervalSetting />
          </ConnectedMailboxesSection>
        </div>
        <ModelConfigSection />
        <EarliestEmailSection />
        <ProcessingSettingsSection />
        <DriveRecoverySection />
        <ActivitySection />
      </div>
    </>
  );
};
