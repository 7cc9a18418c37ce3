/**
 * Gmail push configuration, from the environment (all optional). Without a topic the product
 * runs on the 2-minute check alone, exactly as before push existed.
 *
 * - GMAIL_PUSH_TOPIC            projects/<project>/topics/<topic> that users.watch publishes to
 * - GMAIL_PUSH_AUDIENCE         the push subscription's OIDC audience: the push route's URL
 * - GMAIL_PUSH_SERVICE_ACCOUNT  the service account e-mail the subscription signs its tokens as
 * - GMAIL_PUSH_JWKS_URL         where the signing keys are published (default Google's)
 */
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
/** The issuers Google puts in the OIDC tokens of Pub/Sub push deliveries. */
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export type PushConfig = { topic: string; audience: string; serviceAccount: string; jwksUrl: string };

const env = (name: string): string | undefined => process.env[name]?.trim() || undefined;

/** The watch side: a topic to watch mailboxes into, or undefined (polling only). */
export const pushTopic = (): string | undefined => env('GMAIL_PUSH_TOPIC');

/** The receiving side: everything needed to verify a delivery, or undefined (every delivery refused). */
export const pushReceiverConfig = (): PushConfig | undefined => {
  const topic = pushTopic();
  const audience = env('GMAIL_PUSH_AUDIENCE');
  const serviceAccount = env('GMAIL_PUSH_SERVICE_ACCOUNT');
  if (!topic || !audience || !serviceAccount) return undefined;
  return { topic, audience, serviceAccount: serviceAccount.toLowerCase(), jwksUrl: env('GMAIL_PUSH_JWKS_URL') ?? GOOGLE_JWKS_URL };
};
