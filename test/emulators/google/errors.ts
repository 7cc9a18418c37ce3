/** Google API error bodies: {error:{code,message,status,errors:[{message,domain,reason,...}]}}. */
export type ApiName = 'oauth' | 'gmail' | 'drive' | 'sheets' | 'control';

export const STATUS_TEXT: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  412: 'FAILED_PRECONDITION',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const DEFAULT_REASON: Record<number, string> = {
  400: 'badRequest',
  401: 'authError',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  429: 'rateLimitExceeded',
  500: 'backendError',
  502: 'backendError',
  503: 'backendError',
  504: 'backendError',
};

const DEFAULT_MESSAGE: Record<number, string> = {
  400: 'Bad Request',
  401: 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
  403: 'The caller does not have permission',
  404: 'Requested entity was not found.',
  409: 'The operation was aborted.',
  429: 'Quota exceeded.',
  500: 'Internal error encountered.',
  502: 'Bad Gateway',
  503: 'The service is currently unavailable.',
  504: 'The service is currently unavailable.',
};

export type GoogleErrorInit = {
  message?: string;
  reason?: string;
  domain?: string;
  location?: string;
  locationType?: string;
  status?: string;
  /** message of the errors[] item when it differs from the top-level message */
  itemMessage?: string;
  headers?: Record<string, string>;
  /** google.rpc details (ErrorInfo...), as newer Google front ends add them */
  details?: Record<string, unknown>[];
};

export class GoogleError extends Error {
  readonly code: number;
  readonly init: GoogleErrorInit;
  constructor(code: number, init: GoogleErrorInit = {}) {
    super(init.message ?? DEFAULT_MESSAGE[code] ?? 'Error');
    this.code = code;
    this.init = init;
  }

  get headers(): Record<string, string> {
    return this.init.headers ?? {};
  }

  toBody(): GoogleErrorBody {
    const item: GoogleErrorItem = {
      message: this.init.itemMessage ?? this.message,
      domain: this.init.domain ?? 'global',
      reason: this.init.reason ?? DEFAULT_REASON[this.code] ?? 'unknown',
    };
    if (this.init.location) item.location = this.init.location;
    if (this.init.locationType) item.locationType = this.init.locationType;
    const body: GoogleErrorBody = { error: { code: this.code, message: this.message, errors: [item], status: this.init.status ?? STATUS_TEXT[this.code] ?? 'UNKNOWN' } };
    if (this.init.details) body.error.details = this.init.details;
    return body;
  }
}

export type GoogleErrorItem = { message: string; domain: string; reason: string; location?: string; locationType?: string };
export type GoogleErrorBody = { error: { code: number; message: string; errors: GoogleErrorItem[]; status: string; details?: Record<string, unknown>[] } };

/** OAuth endpoints answer RFC 6749 errors instead: {error, error_description}. */
export class OAuthError extends Error {
  constructor(
    readonly code: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const unauthenticated = (): GoogleError =>
  new GoogleError(401, {
    itemMessage: 'Invalid Credentials',
    reason: 'authError',
    location: 'Authorization',
    locationType: 'header',
    headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  });

/**
 * A token without the scope the method needs, as Google answers it (e.g. Gmail after the person
 * unticked "Read your email" on the consent screen): 403 PERMISSION_DENIED, v1 reason
 * insufficientPermissions, an ErrorInfo ACCESS_TOKEN_SCOPE_INSUFFICIENT naming the service and
 * method, and the scopes that would do in WWW-Authenticate. server.ts fills service and method.
 */
export const insufficientScopes = (accepted: readonly string[] = []): GoogleError =>
  new GoogleError(403, {
    message: 'Request had insufficient authentication scopes.',
    itemMessage: 'Insufficient Permission',
    reason: 'insufficientPermissions',
    headers: { 'www-authenticate': `Bearer realm="https://accounts.google.com/", error="insufficient_scope"${accepted.length ? `, scope="${accepted.join(' ')}"` : ''}` },
    details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT', domain: 'googleapis.com', metadata: {} }],
  });

const SERVICE_OF: Partial<Record<ApiName, string>> = { gmail: 'gmail.googleapis.com', drive: 'drive.googleapis.com', sheets: 'sheets.googleapis.com' };

/** Names the service and method in an ACCESS_TOKEN_SCOPE_INSUFFICIENT ErrorInfo (once the route is known). */
export const nameScopeFailure = (error: GoogleError, api: ApiName, operation: string): void => {
  for (const detail of error.init.details ?? []) {
    if (detail.reason !== 'ACCESS_TOKEN_SCOPE_INSUFFICIENT') continue;
    const metadata = (detail.metadata ?? {}) as Record<string, string>;
    metadata.service ??= SERVICE_OF[api] ?? 'googleapis.com';
    metadata.method ??= operation;
    detail.metadata = metadata;
  }
};

export const badRequest = (message: string, init: GoogleErrorInit = {}): GoogleError => new GoogleError(400, { message, reason: 'invalid', ...init });
export const notFound = (message = 'Requested entity was not found.', init: GoogleErrorInit = {}): GoogleError => new GoogleError(404, { message, reason: 'notFound', ...init });
