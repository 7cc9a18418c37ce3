import { Clock, RotateCw, X } from 'lucide-react';
import { formatExpiry, isExpired } from '../../../../../shared/format/expiry';
import { formatRole } from '../../../../../shared/format/role';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { AgencyMember } from '../api/list-members';

const text = messages.members;

type Props = {
  invite: AgencyMember;
  now: Date;
  busy: 'resend' | 'cancel' | null;
  /** the caller may resend or cancel it (an owner, or whoever sent it) */
  manageable: boolean;
  onResend: (invite: AgencyMember) => void;
  onCancel: (invite: AgencyMember) => void;
};

export const PendingInviteRow = ({ invite, now, busy, manageable, onResend, onCancel }: Props) => {
  const expired = isExpired(invite.expires_at, now);
  return (
    <li className="flex items-center gap-3 py-3" data-testid="pending-invite">
      <Clock className={cn('h-5 w-5 shrink-0', expired ? 'text-red-500' : 'text-amber-500')} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{invite.email}</p>
        <p className="truncate text-xs text-slate-500">
          {formatRole(invite.role)}
          {invite.invited_by ? ` · ${text.invitedBy(invite.invited_by)}` : ''}
          {' · '}
          <span className={cn(expired && 'font-medium text-red-600')}>{formatExpiry(invite.expires_at, now)}</span>
        </p>
      </div>
      {manageable && expired ? (
        <Button variant="outline" size="sm" loading={busy === 'resend'} disabled={busy !== null} onClick={() => onResend(invite)}>
          {busy === 'resend' ? null : <RotateCw className="h-4 w-4" aria-hidden="true" />}
          {text.resend}
        </Button>
      ) : null}
      {manageable ? (
        <Button
          variant="ghost"
          size="sm"
          loading={busy === 'cancel'}
          disabled={busy !== null}
          onClick={() => onCancel(invite)}
          aria-label={`${text.cancelInvite} ${invite.email}`}
        >
          {busy === 'cancel' ? null : <X className="h-4 w-4" aria-hidden="true" />}
          {text.cancelInvite}
        </Button>
      ) : null}
    </li>
  );
};
