/**
 * The response schema of every JSON route of the manifest (functions/routes.ts), by route id.
 * Handlers are typed by these schemas, the web parses its answers with them, and the contract
 * test parses every live answer with them; a unit test holds this table and the manifest together.
 * No Node imports: the web app may import it.
 */
import type * as z from 'zod';
import { auditListResponse } from './audit';
import {
  addContactResponse,
  campaignListResponse,
  campaignResponse,
  clearContactsResponse,
  clientAddressResponse,
  createCampaignResponse,
  deleteCampaignResponse,
  driveHealthResponse,
  driveRootDeleteResponse,
  driveRootRecreateResponse,
  removeContactResponse,
  sheetMetadataResponse,
  toggleTrackingResponse,
  trackingResponse,
} from './campaigns';
import { assignResponse, changesResponse, conversationDetailResponse, conversationListResponse, conversationPatchResponse } from './conversations';
import {
  acceptInviteResponse,
  apiKeyStatusResponse,
  apiKeyValidateResponse,
  authStatusResponse,
  createAgencyResponse,
  logoutResponse,
  membersResponse,
  messageResponse,
  myAgenciesResponse,
  myInvitesResponse,
  switchAgencyResponse,
} from './identity';
import { longlistImportResponse } from './longlist-import';
import { connectMailboxResponse, disconnectMailboxResponse, mailboxesResponse } from './mailboxes';
import {
  dashboardMetricsResponse,
  monitorMetricsResponse,
  processCancelResponse,
  processingStatusResponse,
  sheetsResyncResponse,
  startedResponse,
  taskCancelResponse,
} from './processing';
import { campaignReportResponse } from './reports';
import { applyProfileResponse, auditRetentionResponse, modelConfigResponse, modelConfigSetResponse, sectionResponse, settingsDefaultsResponse, settingsResetResponse } from './settings';
import { systemConnectionResponse, systemHealthResponse } from './system';
import { talentEraseResponse, talentExportResponse } from './talent-data';

/**
 * Routes with no JSON answer for the web to read: the redirects to the identity provider and
 * back, Gmail's Pub/Sub push, whose caller reads only the status code (2xx acknowledges), and
 * the activity log's CSV file.
 */
export const NON_JSON_ROUTES = ['AuthLogin', 'AuthCallback', 'PushGmail', 'AgencyAuditExport'] as const;

export const RESPONSE_SCHEMAS = {
  AuthStatus: authStatusResponse,
  AuthLogout: logoutResponse,
  AgencyCreate: createAgencyResponse,
  AgencyListMine: myAgenciesResponse,
  AgencySwitch: switchAgencyResponse,
  AgencyMembers: membersResponse,
  AgencyInvite: messageResponse,
  AgencyInvitationsMine: myInvitesResponse,
  AgencyInviteAccept: acceptInviteResponse,
  AgencyInviteResend: messageResponse,
  AgencyInviteCancel: messageResponse,
  AgencyMemberRemove: messageResponse,
  AgencyAudit: auditListResponse,
  ApiKeyValidate: apiKeyValidateResponse,
  ApiKeySet: messageResponse,
  ApiKeyStatus: apiKeyStatusResponse,
  CampaignAdd: createCampaignResponse,
  CampaignList: campaignListResponse,
  CampaignGet: campaignResponse,
  CampaignDelete: deleteCampaignResponse,
  CampaignImportLonglist: longlistImportResponse,
  CampaignImportLonglistStatus: longlistImportResponse,
  CampaignClientAddress: clientAddressResponse,
  CampaignSheetMetadata: sheetMetadataResponse,
  DriveRootDelete: driveRootDeleteResponse,
  DriveRootRecreate: driveRootRecreateResponse,
  DriveHealth: driveHealthResponse,
  CampaignReport: campaignReportResponse,
  ContactsClear: clearContactsResponse,
  ContactAdd: addContactResponse,
  ContactTrackingToggle: toggleTrackingResponse,
  ContactRemove: removeContactResponse,
  ContactsTracking: trackingResponse,
  TalentExport: talentExportResponse,
  TalentErase: talentEraseResponse,
  ConversationList: conversationListResponse,
  ConversationChanges: changesResponse,
  ConversationAssign: assignResponse,
  ConversationGet: conversationDetailResponse,
  ConversationPatch: conversationPatchResponse,
  MailboxList: mailboxesResponse,
  MailboxConnect: connectMailboxResponse,
  MailboxDisconnect: disconnectMailboxResponse,
  SystemHealth: systemHealthResponse,
  SystemConnection: systemConnectionResponse,
  DashboardMetrics: dashboardMetricsResponse,
  ProcessingStatus: processingStatusResponse,
  ProcessThread: startedResponse,
  ProcessEmail: startedResponse,
  ProcessCampaign: startedResponse,
  ProcessInterval: startedResponse,
  TaskCancel: taskCancelResponse,
  ProcessCancel: processCancelResponse,
  MonitorMetrics: monitorMetricsResponse,
  SheetsResync: sheetsResyncResponse,
  SettingsModelConfigGet: modelConfigResponse,
  SettingsModelConfigSet: modelConfigSetResponse,
  SettingsProcessingModeGet: sectionResponse('processing_mode'),
  SettingsProcessingModeSet: sectionResponse('processing_mode'),
  SettingsProcessingLimitsGet: sectionResponse('processing_limits'),
  SettingsProcessingLimitsSet: sectionResponse('processing_limits'),
  SettingsDateRangeGet: sectionResponse('date_range_processing'),
  SettingsDateRangeSet: sectionResponse('date_range_processing'),
  SettingsHealthCheckGet: sectionResponse('health_check'),
  SettingsHealthCheckSet: sectionResponse('health_check'),
  SettingsMonitoringGet: sectionResponse('monitoring_config'),
  SettingsMonitoringSet: sectionResponse('monitoring_config'),
  SettingsApplyProfile: applyProfileResponse,
  SettingsDefaults: settingsDefaultsResponse,
  SettingsReset: settingsResetResponse,
  SettingsAuditRetentionGet: auditRetentionResponse,
  SettingsAuditRetentionSet: auditRetentionResponse,
} satisfies Record<string, z.ZodType>;

export type RouteWithResponse = keyof typeof RESPONSE_SCHEMAS;
