import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/notifications';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api-client';
import { talentTimelinePath } from '../../conversations/lib/timeline-selection';
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
    <li data-testid="contact-row" className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">
          {/* The talent's timeline, opened on this row's campaign. */}
          <Link
            to={talentTimelinePath(contact.email, contact.campaign_id)}
            data-testid="contact-timeline-link"
            className="rounded-sm text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {contact.email}
          </Link>
        </p>
        <p className="truncate text-sm text-slate-600">
          {contact.talent_name ? (
            <Link to={talentTimelinePath(contact.email, contact.campaign_id)} tabIndex={-1} className="hover:text-slate-900 hover:underline">
              {contact.talent_name}
            </Link>
          ) : null}
          {contact.handle ? <span className="ml-2 text-xs text-slate-500">{contact.handle}</span> : null}
          {contact.email_owner ? <span className="ml-2 text-xs text-slate-500">{text.manager(contact.email_owner)}</span> : null}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Switch
          id={switchId}
          checked={contact.tracking_enabled}
          onCheckedChange={onToggle}
          disabled={toggle.isPending}
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
    </li>
  );
};
