import { messages } from '../../../../../shared/messages';
import { PageHeader } from '../../../components/ui/page-header';
import { AgencyMembersSection } from '../../members/components/agency-members-section';

export const SettingsRoute = () => (
  <>
    <PageHeader title={messages.settings.title} subtitle={messages.settings.subtitle} />
    <div className="space-y-6">
      <AgencyMembersSection />
    </div>
  </>
);
