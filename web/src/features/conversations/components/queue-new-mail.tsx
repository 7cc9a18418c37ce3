import { Mail } from 'lucide-react';
import { Fragment, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useChanges } from '../api/get-changes';
import { talentsWithNewMail } from '../lib/queue-changes';
import { queueText } from '../lib/queue-text';
import { talentTimelinePath } from '../../../lib/talent-path';

const SHOWN = 8;

/**
 * The talents who wrote since the person's last visit (the "What changed" feed, replies only),
 * by name, each linking to their timeline; asked again after each monitoring check. Silent while
 * loading or when the feed fails: the monitoring panel around it keeps its own state.
 */
export const QueueNewMail = ({ checkedAt }: { checkedAt?: string | null }) => {
  const changes = useChanges();
  const { refetch } = changes;
  const lastCheck = useRef(checkedAt);
  useEffect(() => {
    if (lastCheck.current === checkedAt) return;
    lastCheck.current = checkedAt;
    void refetch();
  }, [checkedAt, refetch]);
  if (!changes.data) return null;
  const talents = talentsWithNewMail(changes.data.items);
  const shown = talents.slice(0, SHOWN);
  return (
    <p data-testid="monitoring-new-mail" className="flex flex-wrap items-baseline gap-x-1.5 gap-y-1 text-sm text-slate-700">
      <Mail className="h-3.5 w-3.5 shrink-0 self-center text-slate-400" aria-hidden="true" />
      {talents.length === 0 ? (
        <span className="text-slate-500">{queueText.noNewMailFrom}</span>
      ) : (
        <>
          <span className="font-medium">{`${queueText.newMailFrom}:`}</span>
          {shown.map((talent, index) => (
            <Fragment key={talent.contact_email}>
              <Link to={talentTimelinePath(talent.contact_email, talent.campaign_id)} className="break-words text-indigo-700 hover:underline">
                {talent.talent_name}
              </Link>
              {index < shown.length - 1 ? <span aria-hidden="true">,</span> : null}
            </Fragment>
          ))}
          {talents.length > shown.length ? <span className="text-slate-500">{queueText.more(talents.length - shown.length)}</span> : null}
        </>
      )}
    </p>
  );
};
