/**
 * Stands in for gcp-metadata in the Lambda bundles. google-auth-library asks Google Cloud's
 * metadata server only for Application Default Credentials on Google Cloud (GoogleAuth, Compute);
 * Threadline authorises every Google call with a user's OAuth2Client and runs on AWS, where that
 * server does not exist. The stand-in answers "not on Google Cloud" and drops gcp-metadata with
 * json-bigint and bignumber.js (~35 KB) from every bundle that talks to Google.
 */
const notOnGoogleCloud = async (): Promise<never> => {
  throw new Error('gcp-metadata: not running on Google Cloud');
};

export const HOST_ADDRESS = 'http://169.254.169.254';
export const SECONDARY_HOST_ADDRESS = 'http://metadata.google.internal.';
export const BASE_PATH = '/computeMetadata/v1';
export const HEADER_NAME = 'Metadata-Flavor';
export const HEADER_VALUE = 'Google';
export const HEADERS = Object.freeze({ [HEADER_NAME]: HEADER_VALUE });
export const METADATA_SERVER_DETECTION = Object.freeze({ 'assume-present': '', none: '', 'bios-only': '', 'ping-only': '' });
export const instance = notOnGoogleCloud;
export const project = notOnGoogleCloud;
export const universe = notOnGoogleCloud;
export const bulk = notOnGoogleCloud;
export const isAvailable = async (): Promise<boolean> => false;
export const resetIsAvailableCache = (): void => undefined;
export const getGCPResidency = (): boolean => false;
export const setGCPResidency = (): void => undefined;
export const requestTimeout = (): number => 0;
export const gcpResidencyCache = null;
