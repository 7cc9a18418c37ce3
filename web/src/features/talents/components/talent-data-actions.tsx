import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/notifications';
import { errorMessage } from '../../../lib/api-client';
import { authStatusQueryOptions } from '../../auth/api/get-auth-status';
import { useEraseTalent } from '../api/erase-talent';
import { useDownloadTalentData } from '../api/export-talent-data';
import { TALENT_DATA_TEXT as text } from '../lib/talent-data-text';

/**
 * Owners' "Export data" (a JSON file of everything held about the talent) and "Erase talent"
 * (after a confirmation naming what goes). The role comes from the session status the startup
 * gate already loaded, as the timeline's activity section reads it.
 */
export const TalentDataActions = ({ email }: { email: string }) => {
  const { data: status } = useQuery({ ...authStatusQueryOptions(), enabled: false });
  const download = useDownloadTalentData();
  const erase = useEraseTalent();
  const confirm = useConfirm();
  const navigate = useNavigate();
  if (status?.membership_role !== 'owner') return null;

  const onErase = async () => {
    const sure = await confirm({ title: text.eraseTitle, message: text.eraseMessage(email), details: text.eraseDetails, confirmText: text.eraseConfirm, variant: 'danger' });
    if (!sure) return;
    erase.mutate(email, {
      onSuccess: (answer) => {
        notify({ type: 'success', title: text.erased, message: answer.message });
        void navigate('/contacts');
      },
      onError: (error) => notify({ type: 'error', title: text.eraseFailed, message: errorMessage(error, text.eraseFailed) }),
    });
  };

  return (
    <div className="flex gap-2" data-testid="talent-data-actions">
      <Button
        variant="outline"
        size="sm"
        loading={download.isPending}
        onClick={() => download.mutate(email, { onError: (error) => notify({ type: 'error', title: text.exportFailed, message: errorMessage(error, text.exportFailed) }) })}
      >
        {text.exportData}
      </Button>
      <Button variant="danger" size="sm" loading={erase.isPending} onClick={() => void onErase()}>
        {text.eraseTalent}
      </Button>
    </div>
  );
};
