import { useState, type FormEvent } from 'react';
import { auditRetentionBody } from '../../../../../shared/schemas/settings';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { notify } from '../../../components/ui/notifications';
import { errorMessage } from '../../../lib/api-client';
import { useAuditRetention } from '../api/get-audit-retention';
import { useUpdateAuditRetention } from '../api/update-audit-retention';
import { AUDIT_TEXT as text } from '../lib/audit-text';

/** How long activity is kept (owners only, like the log): checked with the server's own rule before sending. */
export const AuditRetentionField = ({ bounds }: { bounds: { min: number; max: number } }) => {
  const retention = useAuditRetention();
  const save = useUpdateAuditRetention();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const value = draft ?? (retention.data ? String(retention.data.retention_days) : '');
  const check = auditRetentionBody.safeParse({ retention_days: Number(value) });
  const problem = draft !== undefined && !check.success ? check.error.issues[0]?.message : undefined;

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!check.success) return;
    save.mutate(check.data.retention_days, {
      onSuccess: () => {
        setDraft(undefined);
        notify({ type: 'success', title: text.retentionSaved, message: `${check.data.retention_days} days` });
      },
      onError: (error) => notify({ type: 'error', title: text.retentionFailed, message: errorMessage(error, text.retentionFailed) }),
    });
  };

  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={onSave}>
      <div className="w-40">
        <Label htmlFor="activity-retention">{text.retention}</Label>
        <Input
          id="activity-retention"
          type="number"
          min={bounds.min}
          max={bounds.max}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'activity-retention-error' : undefined}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={draft === undefined || !check.success} loading={save.isPending}>
        {text.save}
      </Button>
      <FieldError id="activity-retention-error" message={problem} />
    </form>
  );
};
