import type { DocumentedOperation, Operation } from '@/lib/schemas/operation';
import { changePasswordOperation, updateCurrentUserOperation, verifyPhoneOperation } from './account-settings';
import {
  getAdminStatsOperation,
  listAdminTasksOperation,
  listAdminUsersOperation,
  listAuditLogOperation,
  setKeyRateLimitCeilingOperation,
  suspendUserOperation,
  unsuspendUserOperation,
} from './admin';
import {
  createAgentOperation,
  deleteAgentOperation,
  getAgentSpendingOperation,
  getAgentUsageOperation,
  listAgentsOperation,
  listAgentTasksOperation,
  rotateAgentKeyOperation,
  updateAgentOperation,
} from './agents';
import {
  createApiKeyOperation,
  getOperatorOperation,
  listApiKeysOperation,
  revokeApiKeyOperation,
  rotateOwnKeyOperation,
} from './api-keys';
import { checkProofOperation } from './check-proof';
import { claimCodeStatusOperation, mintClaimCodeOperation, registerAgentOperation } from './claim-codes';
import { pollClaimOperation, proposeTaskOperation } from './cold-start';
import { getCoverageOperation } from './coverage';
import {
  addDisputeEvidenceOperation,
  getDisputeOperation,
  listDisputesOperation,
  resolveDisputeByIdOperation,
} from './disputes';
import { resendVerificationEmailOperation, verifyEmailOperation } from './email-verification';
import { inboundEmailWebhookOperation } from './email-webhooks';
import { listFeedbackOperation, sendFeedbackOperation } from './feedback';
import { reversePlaceOperation, searchPlacesOperation } from './geo';
import { deepHealthOperation, healthOperation } from './health';
import {
  closeIntakeOperation,
  convertIntakeOperation,
  getIntakeOperation,
  listIntakeOperation,
  replyToIntakeOperation,
} from './intake';
import { acceptLegalDocumentOperation, getLegalDocumentOperation, listLegalDocumentsOperation } from './legal';
import { mcpOperation } from './mcp';
import {
  awaitMessagesOperation,
  listMessagesOperation,
  markThreadReadOperation,
  postMessageOperation,
} from './messages';
import {
  getNotificationPreferencesOperation,
  listNotificationsOperation,
  markNotificationsReadOperation,
  unsubscribeOperation,
  updateNotificationPreferencesOperation,
} from './notifications';
import { acceptOfferOperation, createOfferOperation, listOffersOperation, withdrawOfferOperation } from './offers';
import { openApiOperation } from './openapi';
import { confirmPasswordResetOperation, requestPasswordResetOperation } from './password-reset';
import { paymentHistoryOperation } from './payment-history';
import { paymentWebhookOperation } from './payment-webhooks';
import { getPayoutAccountOperation, startPayoutOnboardingOperation } from './payout-account';
import {
  createPushSubscriptionOperation,
  deletePushSubscriptionOperation,
  getVapidPublicKeyOperation,
  listPushSubscriptionsOperation,
} from './push';
import { createReviewOperation, listWorkerReviewsOperation } from './reviews';
import { simulateSandboxOperation } from './sandbox';
import {
  archiveServiceOperation,
  bookServiceOperation,
  createServiceOperation,
  getServiceOperation,
  listWorkerServicesOperation,
  searchServicesOperation,
  updateServiceOperation,
} from './services';
import { inboundSmsWebhookOperation } from './sms-webhooks';
import {
  acceptTaskOperation,
  approveTaskOperation,
  cancelTaskOperation,
  createTaskOperation,
  disputeTaskOperation,
  getTaskOperation,
  listTasksOperation,
  publishTaskOperation,
  requestRevisionOperation,
  resolveDisputeOperation,
  submitProofOperation,
  updateTaskOperation,
  withdrawTaskOperation,
} from './task-actions';
import { getTaskProofOperation } from './task-proof';
import {
  createTaskSeriesOperation,
  endTaskSeriesOperation,
  getTaskSeriesOperation,
  listTaskSeriesOperation,
  pauseTaskSeriesOperation,
  resumeTaskSeriesOperation,
  skipTaskSeriesOccurrenceOperation,
  updateTaskSeriesOperation,
} from './task-series';
import { tipTaskOperation } from './tips';
import { createUploadOperation } from './uploads';
import { getUsageSummaryOperation, listUsageLogsOperation } from './usage';
import {
  createSessionOperation,
  createUserOperation,
  deleteCurrentSessionOperation,
  getCurrentUserOperation,
} from './users';
import {
  cancelClaimWaitOperation,
  cancelWaitOperation,
  createClaimWaitOperation,
  createWaitOperation,
  getClaimWaitOperation,
  getWaitOperation,
} from './waits';
import { getWalletOperation, removePaymentMethodOperation, startWalletSetupOperation } from './wallet';
import {
  createWebhookOperation,
  deleteWebhookOperation,
  getWebhookOperation,
  listWebhookDeliveriesOperation,
  listWebhooksOperation,
  retryWebhookDeliveryOperation,
  rotateWebhookSecretOperation,
  testWebhookOperation,
  updateWebhookOperation,
} from './webhooks';
import { getAvailabilityWindowsOperation, setAvailabilityOperation } from './worker-availability';
import { setListingOperation } from './worker-listing';
import { searchWorkersOperation } from './worker-search';
import { getIdVerificationStatusOperation, startIdVerificationOperation } from './worker-verification';
import {
  createWorkerProfileOperation,
  getCapabilitiesOperation,
  getOwnWorkerProfileOperation,
  getWorkerProfileOperation,
  saveCapabilitiesOperation,
  updateOwnWorkerProfileOperation,
  updateWorkerProfileOperation,
} from './workers';

/** Every /v1 operation, in the order the reference shows them. A test checks app/v1 against this list. */
export const operations: Operation[] = [
  healthOperation,
  deepHealthOperation,
  openApiOperation,
  createUserOperation,
  createSessionOperation,
  deleteCurrentSessionOperation,
  getCurrentUserOperation,
  updateCurrentUserOperation,
  changePasswordOperation,
  verifyPhoneOperation,
  verifyEmailOperation,
  resendVerificationEmailOperation,
  requestPasswordResetOperation,
  confirmPasswordResetOperation,
  listLegalDocumentsOperation,
  getLegalDocumentOperation,
  acceptLegalDocumentOperation,
  getOperatorOperation,
  createApiKeyOperation,
  listApiKeysOperation,
  revokeApiKeyOperation,
  createAgentOperation,
  listAgentsOperation,
  updateAgentOperation,
  deleteAgentOperation,
  rotateAgentKeyOperation,
  listAgentTasksOperation,
  getAgentUsageOperation,
  getAgentSpendingOperation,
  listUsageLogsOperation,
  getUsageSummaryOperation,
  rotateOwnKeyOperation,
  mintClaimCodeOperation,
  claimCodeStatusOperation,
  registerAgentOperation,
  proposeTaskOperation,
  pollClaimOperation,
  createTaskOperation,
  listTasksOperation,
  createTaskSeriesOperation,
  listTaskSeriesOperation,
  getTaskSeriesOperation,
  updateTaskSeriesOperation,
  pauseTaskSeriesOperation,
  resumeTaskSeriesOperation,
  endTaskSeriesOperation,
  skipTaskSeriesOccurrenceOperation,
  getTaskOperation,
  getTaskProofOperation,
  updateTaskOperation,
  publishTaskOperation,
  cancelTaskOperation,
  acceptTaskOperation,
  withdrawTaskOperation,
  submitProofOperation,
  checkProofOperation,
  approveTaskOperation,
  tipTaskOperation,
  requestRevisionOperation,
  disputeTaskOperation,
  resolveDisputeOperation,
  listDisputesOperation,
  getDisputeOperation,
  addDisputeEvidenceOperation,
  resolveDisputeByIdOperation,
  createReviewOperation,
  listWorkerReviewsOperation,
  startWalletSetupOperation,
  getWalletOperation,
  removePaymentMethodOperation,
  startPayoutOnboardingOperation,
  getPayoutAccountOperation,
  paymentHistoryOperation,
  paymentWebhookOperation,
  inboundSmsWebhookOperation,
  inboundEmailWebhookOperation,
  searchWorkersOperation,
  searchPlacesOperation,
  reversePlaceOperation,
  setListingOperation,
  startIdVerificationOperation,
  getIdVerificationStatusOperation,
  setAvailabilityOperation,
  getAvailabilityWindowsOperation,
  createWorkerProfileOperation,
  getOwnWorkerProfileOperation,
  updateOwnWorkerProfileOperation,
  getWorkerProfileOperation,
  updateWorkerProfileOperation,
  getCapabilitiesOperation,
  saveCapabilitiesOperation,
  createUploadOperation,
  listMessagesOperation,
  postMessageOperation,
  markThreadReadOperation,
  awaitMessagesOperation,
  createWaitOperation,
  getWaitOperation,
  cancelWaitOperation,
  createClaimWaitOperation,
  getClaimWaitOperation,
  cancelClaimWaitOperation,
  listNotificationsOperation,
  markNotificationsReadOperation,
  getNotificationPreferencesOperation,
  createPushSubscriptionOperation,
  listPushSubscriptionsOperation,
  deletePushSubscriptionOperation,
  getVapidPublicKeyOperation,
  updateNotificationPreferencesOperation,
  unsubscribeOperation,
  createWebhookOperation,
  listWebhooksOperation,
  getWebhookOperation,
  deleteWebhookOperation,
  updateWebhookOperation,
  listWebhookDeliveriesOperation,
  retryWebhookDeliveryOperation,
  testWebhookOperation,
  rotateWebhookSecretOperation,
  simulateSandboxOperation,
  setKeyRateLimitCeilingOperation,
  getAdminStatsOperation,
  listAdminUsersOperation,
  suspendUserOperation,
  unsuspendUserOperation,
  listAdminTasksOperation,
  listAuditLogOperation,
  listIntakeOperation,
  getIntakeOperation,
  replyToIntakeOperation,
  convertIntakeOperation,
  closeIntakeOperation,
  sendFeedbackOperation,
  listFeedbackOperation,
  createServiceOperation,
  searchServicesOperation,
  getServiceOperation,
  updateServiceOperation,
  archiveServiceOperation,
  listWorkerServicesOperation,
  bookServiceOperation,
  getCoverageOperation,
  createOfferOperation,
  listOffersOperation,
  withdrawOfferOperation,
  acceptOfferOperation,
];

/**
 * Endpoints outside the REST pipeline, described by hand (lib/api/documented.ts). The same test checks their
 * handlers, folders and this list.
 */
export const documentedOperations: DocumentedOperation[] = [mcpOperation];
