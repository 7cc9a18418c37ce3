import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/notifications';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api-client';
import { talentTimelinePath } from '../../../lib/talent-path';
import type { Contact } from '../api/contact-types';
import { useRemoveContact } from '../api/remove-contact';
import { useToggleTracking } from '../api/toggle-tracking';
import { contactText } from '../messages';

const text = messages.contacts;

export const ContactRow = ({ contact }: { contact: Contact }) => {
  const toggle = useToggleTracking();
  const remove = useRemoveContact();
  const confirm = useConfirm();
  const switchId = useId();
  const who = contact.talent_name || contact.email;
  // This row is one campaign's contact: the calls name the campaign, so the talent's other
  // campaigns are left alone.
  const target = { email: contact.email, ...(contact.campaign_id ? { campaign_id: contact.campaign_id } : {}) };

  const onToggle = (enabled: boolean) => {
    // The switch is never disabled while the call runs: a disabled element drops keyboard focus.
    if (toggle.isPending) return;
    toggle.mutate(
      { ...target, tracking: enabled },
      {
        onSuccess: () => notify({ type: 'success', title: text.trackingUpdatedTitle, message: text.trackingUpdated(enabled, who) }),
        onError: (error) =>
          notify({
            type: 'error',
            title: messages.notifications.genericErrorTitle,
            message: errorMessage(error, messages.fallback.toggleTracking),
          }),
      },
    );
  };

  const onRemove = async () => {
    const confirmed = await confirm({
      title: contactText.removeTitle,
      message: contactText.removeMessage(who),
      details: text.removeDetails,
      confirmText: contactText.removeConfirm,
      variant: 'danger',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(target);
      notify({ type: 'success', title: text.removedTitle, message: contactText.removed(who) });
    } catch (error) {
      // The spec only logs a failed removal.
      console.error(messages.fallback.removeContact, error);
    }
  };

  return (
    // On phones a stacked card (who, then the switch and the remove button); a row from sm up.
    <li
      data-testid="contact-row"
      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:gap-3 sm:rounded-none sm:border-0 sm:px-0"
    >
      <div className="min-w-0 sm:flex-1">
        <p className="text-sm font-medium break-all text-slate-900 sm:truncate sm:break-normal">
          {/* The talent's timeline, opened on this row's campaign. */}
          <Link
            to={talentTimelinePath(contact.email, contact.campaign_id)}
            data-testid="contact-timeline-link"
            className="rounded-sm text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {contact.email}
          </Link>
        </p>
        <p className="text-sm break-words text-slate-600 sm:truncate">
          {contact.talent_name ? (
            <Link to={talentTimelinePath(contact.email, contact.campaign_id)} tabIndex={-1} className="hover:text-slate-900 hover:underline">
              {contact.talent_name}
            </Link>
          ) : null}
          {contact.handle ? <span className="ml-2 text-xs text-slate-500">{contact.handle}</span> : null}
          {contact.email_owner ? <span className="ml-2 text-xs text-slate-500">{text.manager(contact.email_owner)}</span> : null}
        </p>
      </div>
      <div className="flex items-center justify-between gap-3 sm:contents">
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={contact.tracking_enabled}
            onCheckedChange={onToggle}
            aria-busy={toggle.isPending || undefined}
            aria-label={contactText.trackingSwitch(contact.email)}
          />
          <label htmlFor={switchId} className="w-16 text-sm text-slate-600">
            {contact.tracking_enabled ? text.tracking : text.paused}
          </label>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={contactText.removeLabel(contact.email)}
          title={contactText.removeLabel(contact.email)}
          loading={remove.isPending}
          onClick={() => void onRemove()}
          className="text-slate-400 hover:bg-red-50 hover:text-red-600"
        >
          {remove.isPending ? null : <Trash2 className="h-4 w-4" aria-hidden="true" />}
        </Button>
      </div>
    </li>
  );
};
