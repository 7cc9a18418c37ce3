import { Lock, Trash2 } from 'lucide-react';
import { formatRole } from '../../../../../shared/format/role';
import { formatShortDate } from '../../../../../shared/format/short-date';
import { messages } from '../../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { memberDisplayName, type AgencyMember } from '../api/list-members';

const text = messages.members;

/** `onRemove` absent: no remove button (only owners remove members). */
type Props = { member: AgencyMember; isCurrentUser: boolean; removing: boolean; onRemove?: (member: AgencyMember) => void };

export const ActiveMemberRow = ({ member, isCurrentUser, removing, onRemove }: Props) => {
  const name = memberDisplayName(member);
  return (
    <li className="flex items-center gap-3 py-3" data-testid="active-member">
      <span
        aria-hidden="true"
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700"
      >
        {name.charAt(0).toUpperCase()}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 truncate text-sm font-medium text-slate-900">
          {name}
          {isCurrentUser ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">{text.you}</span>
          ) : null}
        </p>
        <p className="truncate text-xs text-slate-500">
          {name !== member.email ? `${member.email} · ` : ''}
          {formatRole(member.role)}
          {member.accepted_at ? ` · ${messages.agencies.joined(formatShortDate(member.accepted_at))}` : ''}
        </p>
      </div>
      {isCurrentUser ? (
        <span title={text.youCannotRemove} className="p-2 text-slate-400">
          <Lock className="h-4 w-4" aria-label={text.youCannotRemove} />
        </span>
      ) : onRemove ? (
        <Button
          variant="ghost"
          size="sm"
          loading={removing}
          onClick={() => onRemove(member)}
          aria-label={`${text.remove} ${member.email}`}
          className="text-red-600 hover:bg-red-50 hover:text-red-700"
        >
          {removing ? null : <Trash2 className="h-4 w-4" aria-hidden="true" />}
          {text.remove}
        </Button>
      ) : null}
    </li>
  );
};
