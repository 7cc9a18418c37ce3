import { Service } from 'electrodb';
import { storeConfig } from './client';
import { modelStateEntity } from './entities/model-state';
import { settingsEntity } from './entities/settings';
import { activeJobEntity, lastJobEntity } from './entities/active-job';
import { agencyEntity } from './entities/agency';
import { agencyPulseEntity } from './entities/agency-pulse';
import { apiKeyEntity } from './entities/api-key';
import { auditEventEntity, auditSettingsEntity } from './entities/audit-event';
import { campaignEntity } from './entities/campaign';
import { contactEntity, contactWordEntity } from './entities/contact';
import { conversationEntity } from './entities/conversation';
import { conversationChangeEntity, visitEntity } from './entities/conversation-change';
import { conversationThreadEntity } from './entities/conversation-thread';
import { driveAssetsEntity } from './entities/drive-assets';
import { erasedTalentEntity } from './entities/erased-talent';
import { googleGrantEntity } from './entities/google-grant';
import { inviteEntity } from './entities/invite';
import { jobBatchEntity, jobEntity, jobThreadDoneEntity } from './entities/job';
import { longlistImportChunkEntity, longlistImportEntity, runningImportEntity } from './entities/longlist-import';
import { mailMessageEntity } from './entities/mail-message';
import { mailboxEntity } from './entities/mailbox';
import { memberEntity } from './entities/member';
import { monitorRegistryEntity } from './entities/monitor-registry';
import { oauthStateEntity } from './entities/oauth-state';
import { rateBucketEntity } from './entities/rate-bucket';
import { sessionEntity } from './entities/session';
import { sheetSyncStateEntity } from './entities/sheet-sync-state';
import { threadEntity } from './entities/thread';
import { userEntity } from './entities/user';

/**
 * Every entity of the single table, in one ElectroDB Service. Each entity is defined once, at
 * module level, in its own file (with the store's client and table); composing them here makes
 * ElectroDB check that they agree on the table, the key fields and each index, and is the one
 * place to add a cross-entity collection or transaction.
 */
export const threadlineStore = new Service(
  {
    activeJob: activeJobEntity,
    agency: agencyEntity,
    agencyPulse: agencyPulseEntity,
    apiKey: apiKeyEntity,
    auditEvent: auditEventEntity,
    auditSettings: auditSettingsEntity,
    campaign: campaignEntity,
    contact: contactEntity,
    contactWord: contactWordEntity,
    conversation: conversationEntity,
    conversationChange: conversationChangeEntity,
    conversationThread: conversationThreadEntity,
    driveAssets: driveAssetsEntity,
    erasedTalent: erasedTalentEntity,
    googleGrant: googleGrantEntity,
    invite: inviteEntity,
    job: jobEntity,
    jobBatch: jobBatchEntity,
    jobThreadDone: jobThreadDoneEntity,
    lastJob: lastJobEntity,
    longlistImport: longlistImportEntity,
    longlistImportChunk: longlistImportChunkEntity,
    mailMessage: mailMessageEntity,
    mailbox: mailboxEntity,
    member: memberEntity,
    modelState: modelStateEntity,
    monitorRegistry: monitorRegistryEntity,
    oauthState: oauthStateEntity,
    rateBucket: rateBucketEntity,
    runningImport: runningImportEntity,
    session: sessionEntity,
    settings: settingsEntity,
    sheetSyncState: sheetSyncStateEntity,
    thread: threadEntity,
    user: userEntity,
    visit: visitEntity,
  },
  storeConfig,
);
