import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { messages } from '../../../../../shared/messages';
import type { MailboxJson } from '../../../../../shared/schemas/mailboxes';
import { Banner } from '../../../components/ui/banner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useAuthStatus } from '../../auth/api/get-auth-status';
import { useMailboxes } from '../api/get-mailboxes';
import { DisconnectMailboxPanel } from './disconnect-mailbox-panel';
import { MailboxRow } from './mailbox-row';
import { MyMailboxForm } from './my-mailbox-form';

const text = messages.mailboxes;

/** Remounts the form whenever the saved connection changes, so it always starts from what is stored. */
const formKey = (connected: boolean, mine: MailboxJson | undefined) =>
  JSON.stringify([connected, mine?.from_addresses ?? [], mine?.after ?? null]);

/**
 * Settings → Connected mailboxes: every mailbox connected to the agency (owner, limits, health,
 * last successful check), then the signed-in person's own consent, limits and disconnect.
 * `children` go under the list (Settings puts the agency's check interval there).
 */
export const ConnectedMailboxesSection = ({ children }: { children?: ReactNode }) => {
  const mailboxes = useMailboxes();
  const auth = useAuthStatus();
  const agency = auth.data?.agency_display_name || auth.data?.agency_name || text.thisAgency;
  const now = new Date();
  const list = mailboxes.data?.mailboxes ?? [];
  const you = mailboxes.data?.you;
  const checkInterval = mailboxes.data?.check_interval_minutes;
  const mine = list.find((mailbox) => mailbox.is_you);

  return (
    <Card>
      <section aria-label={text.heading}>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Mail className="h-4 w-4 text-indigo-600" aria-hidden="true" />
            {text.heading}
          </CardTitle>
          <CardDescription>{text.intro(agency)}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {mailboxes.isPending ? (
            <div className="space-y-3" aria-busy="true">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          ) : mailboxes.isError || !you || checkInterval === undefined ? (
            <Banner variant="error">{errorMessage(mailboxes.error, text.loadFailed)}</Banner>
          ) : (
            <>
              {list.length === 0 ? (
                <p className="text-sm text-slate-500" data-testid="no-mailbox">
                  {text.none}
                </p>
              ) : (
                <ul aria-label={text.heading} className="divide-y divide-slate-100">
                  {list.map((mailbox) => (
                    <MailboxRow key={mailbox.email} mailbox={mailbox} now={now} checkIntervalMinutes={checkInterval} />
                  ))}
                </ul>
              )}
              {children}
              <div className="space-y-4 border-t border-slate-100 pt-5">
                <MyMailboxForm
                  key={formKey(you.connected, mine)}
                  agency={agency}
                  connected={you.connected}
                  googleAccess={you.google_access}
                  mine={mine}
                />
                {you.connected ? <DisconnectMailboxPanel agency={agency} /> : null}
              </div>
            </>
          )}
        </CardContent>
      </section>
    </Card>
  );
};
