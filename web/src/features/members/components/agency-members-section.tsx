import { Users } from 'lucide-react';
import { useState } from 'react';
import { messages } from '../../../../../shared/messages';
import { Banner } from '../../../components/ui/banner';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/notifications';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useCancelInvite } from '../api/cancel-invite';
import { memberDisplayName, useMembers, type AgencyMember } from '../api/list-members';
import { useRemoveMember } from '../api/remove-member';
import { useResendInvite } from '../api/resend-invite';
import { isCurrentUser, sameInviter, splitMembers } from '../lib/member-lists';
import { ActiveMemberRow } from './active-member-row';
import { InviteMemberForm } from './invite-member-form';
import { PendingInviteRow } from './pending-invite-row';

const text = messages.members;

type Busy = { email: string; action: 'remove' | 'resend' | 'cancel' } | null;

export const AgencyMembersSection = () => {
  const members = useMembers();
  const confirm = useConfirm();
  const removeMember = useRemoveMember();
  const resendInvite = useResendInvite();
  const cancelInvite = useCancelInvite();
  const [busy, setBusy] = useState<Busy>(null);
  const now = new Date();

  const onRemove = async (member: AgencyMember) => {
    const who = memberDisplayName(member);
    const confirmed = await confirm({
      title: text.removeConfirmTitle,
      message: text.removeConfirm(who),
      confirmText: text.remove,
      variant: 'danger',
    });
    if (!confirmed) return;
    setBusy({ email: member.email, action: 'remove' });
    try {
      await removeMember.mutateAsync(member.email);
      notify({ type: 'success', title: text.memberRemovedTitle, message: text.memberRemoved(who) });
    } catch (error) {
      notify({ type: 'error', title: text.removeFailedTitle, message: errorMessage(error, text.removeFailed) });
    } finally {
      setBusy(null);
    }
  };

  const onResend = async (invite: AgencyMember) => {
    setBusy({ email: invite.email, action: 'resend' });
    try {
      const result = await resendInvite.mutateAsync(invite.email);
      notify({ type: 'success', title: text.invitationSentTitle, message: result.message || text.invitationSent(invite.email) });
    } catch (error) {
      notify({ type: 'error', title: text.resendFailedTitle, message: errorMessage(error, text.resendFailed) });
    } finally {
      setBusy(null);
    }
  };

  const onCancel = async (invite: AgencyMember) => {
    setBusy({ email: invite.email, action: 'cancel' });
    try {
      const result = await cancelInvite.mutateAsync(invite.email);
      notify({ type: 'success', title: text.invitationCancelledTitle, message: result.message });
    } catch (error) {
      notify({ type: 'error', title: text.cancelFailedTitle, message: errorMessage(error, text.cancelFailed) });
    } finally {
      setBusy(null);
    }
  };

  const currentEmail = members.data?.current_user_email;
  const { active, pending } = splitMembers(members.data?.members ?? [], currentEmail);
  // Owners remove members and manage every invitation; a member manages only their own invitations.
  const isOwner = members.data?.current_user_role === 'owner';

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="h-4 w-4 text-indigo-600" aria-hidden="true" />
          {messages.settings.sections.members}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        {members.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : members.isError ? (
          <Banner variant="error">{errorMessage(members.error, text.loadFailed)}</Banner>
        ) : (
          <>
            <section aria-label={text.activeMembers}>
              <h3 className="text-sm font-semibold text-slate-900">
                {text.activeMembers} ({active.length})
              </h3>
              <ul className="divide-y divide-slate-100">
                {active.map((member) => (
                  <ActiveMemberRow
                    key={member.email}
                    member={member}
                    isCurrentUser={isCurrentUser(member, currentEmail)}
                    removing={busy?.email === member.email && busy.action === 'remove'}
                    onRemove={isOwner ? (target) => void onRemove(target) : undefined}
                  />
                ))}
              </ul>
            </section>
            <section aria-label={text.pendingInvitations}>
              <h3 className="text-sm font-semibold text-slate-900">
                {text.pendingInvitations} ({pending.length})
              </h3>
              {pending.length === 0 ? (
                <p className="py-3 text-sm text-slate-500">{text.noPending}</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {pending.map((invite) => (
                    <PendingInviteRow
                      key={invite.email}
                      invite={invite}
                      now={now}
                      busy={busy?.email === invite.email && busy.action !== 'remove' ? busy.action : null}
                      manageable={isOwner || sameInviter(invite, currentEmail)}
                      onResend={(target) => void onResend(target)}
                      onCancel={(target) => void onCancel(target)}
                    />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
        <div className="border-t border-slate-100 pt-5">
          <InviteMemberForm canInviteOwners={isOwner} />
        </div>
      </CardContent>
    </Card>
  );
};
