import { useQueryClient } from '@tanstack/react-query';
import { Building2, Check, Mail, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { TIMING } from '../../../../../shared/constants';
import { formatRole } from '../../../../../shared/format/role';
import { formatShortDate } from '../../../../../shared/format/short-date';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { notify } from '../../../components/ui/notifications';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuthStatus } from '../../auth/api/get-auth-status';
import { useAcceptInvite } from '../api/accept-invite';
import { agencyKeys } from '../api/agency-keys';
import { useMyAgencies, type AgencyListItem } from '../api/list-my-agencies';
import { useMyInvites, type PendingInvite } from '../api/list-my-invites';
import { useSwitchAgency } from '../api/switch-agency';
import { browserLocation } from '../../../lib/browser-location';

const text = messages.agencies;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const AgencySelectorRoute = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const auth = useAuthStatus();
  const agencies = useMyAgencies();
  const invites = useMyInvites();
  const switchAgency = useSwitchAgency();
  const acceptInvite = useAcceptInvite();
  const [busyName, setBusyName] = useState<string | null>(null);

  const loadFailed = agencies.isError || invites.isError;
  useEffect(() => {
    if (loadFailed) notify({ type: 'error', title: text.errorTitle, message: text.loadFailed });
  }, [loadFailed]);

  if (agencies.isPending || invites.isPending) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-3 text-slate-600">
        <Spinner size="lg" className="text-indigo-600" />
        <p>{text.loading}</p>
      </main>
    );
  }

  const agencyList = agencies.data ?? [];
  const inviteList = invites.data ?? [];
  const current = auth.data?.agency_name ?? null;

  const onSelect = async (agency: AgencyListItem) => {
    setBusyName(agency.name);
    try {
      await switchAgency.mutateAsync(agency.name);
      // The server needs a moment before the new agency scope is visible everywhere.
      await wait(TIMING.agencySwitchWaitMs);
      browserLocation.assign('/');
    } catch {
      notify({ type: 'error', title: text.errorTitle, message: text.switchFailed });
      setBusyName(null);
    }
  };

  const onAccept = async (invite: PendingInvite) => {
    setBusyName(invite.agency_name);
    try {
      await acceptInvite.mutateAsync({ agency_name: invite.agency_name });
      notify({
        type: 'success',
        title: text.inviteAcceptedTitle,
        message: text.inviteAccepted(invite.agency_display_name || invite.agency_name),
      });
      await queryClient.invalidateQueries({ queryKey: agencyKeys.all });
      browserLocation.reload();
    } catch (error) {
      notify({ type: 'error', title: text.errorTitle, message: errorMessage(error, text.acceptFailed) });
      setBusyName(null);
    }
  };

  return (
    <main className="min-h-screen bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-2xl">
        <div className="mb-8 text-center">
          <h1 className="text-2xl font-semibold text-slate-900">{text.heading}</h1>
          <p className="mt-2 text-sm text-slate-500">{agencyList.length > 0 ? text.subtitle : text.subtitleEmpty}</p>
        </div>

        {agencyList.length > 0 ? (
          <section aria-labelledby="your-agencies" className="mb-8">
            <h2 id="your-agencies" className="mb-3 text-sm font-semibold text-slate-700">
              {text.yourAgencies(agencyList.length)}
            </h2>
            <ul className="space-y-2">
              {agencyList.map((agency) => (
                <li key={agency.name}>
                  <Card className="p-0">
                    <button
                      type="button"
                      disabled={busyName !== null}
                      onClick={() => void onSelect(agency)}
                      className="flex w-full items-center gap-4 rounded-lg px-5 py-4 text-left hover:bg-slate-50 disabled:cursor-wait"
                    >
                      <Building2 className="h-5 w-5 text-indigo-600" aria-hidden="true" />
                      <span className="flex-1">
                        <span className="block font-medium text-slate-900">{agency.display_name || agency.name}</span>
                        <span className="block text-xs text-slate-500">
                          {formatRole(agency.role)} · {text.joined(formatShortDate(agency.joined_at))}
                        </span>
                      </span>
                      {busyName === agency.name ? <Spinner size="sm" className="text-indigo-600" /> : null}
                      {current === agency.name ? (
                        <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
                          <Check className="h-3 w-3" aria-hidden="true" />
                          {text.current}
                        </span>
                      ) : null}
                    </button>
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {inviteList.length > 0 ? (
          <section aria-labelledby="pending-invitations" className="mb-8">
            <h2 id="pending-invitations" className="mb-3 text-sm font-semibold text-slate-700">
              {text.pendingInvitations(inviteList.length)}
            </h2>
            <ul className="space-y-2">
              {inviteList.map((invite) => (
                <li key={invite.agency_name}>
                  <Card className="flex items-center gap-4 px-5 py-4">
                    <Mail className="h-5 w-5 text-amber-600" aria-hidden="true" />
                    <div className="flex-1">
                      <p className="font-medium text-slate-900">{invite.agency_display_name || invite.agency_name}</p>
                      <p className="text-xs text-slate-500">
                        {invite.invited_by ? `${text.invitedBy(invite.invited_by)} · ` : ''}
                        {formatRole(invite.role)} ·{' '}
                        {text.expires(formatShortDate(invite.expires_at))}
                      </p>
                    </div>
                    <Button
                      size="sm"
                      onClick={() => void onAccept(invite)}
                      disabled={busyName !== null}
                      loading={busyName === invite.agency_name}
                    >
                      {text.accept}
                    </Button>
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div className="text-center">
          <Button onClick={() => navigate('/agencies/new')} disabled={busyName !== null}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {text.createNew}
          </Button>
        </div>
      </div>
    </main>
  );
};
