/**
 * The one rule for `redirect` targets (after sign-in), used by the server (sign-in, OAuth state)
 * and by the web app (/auth/success) alike. Plain code, no zod: the web bundle and small Lambdas
 * import it.
 *
 * A target is kept only when it is a same-origin path, read the way a browser reads it: WHATWG URL
 * parsing strips leading/trailing C0 controls and spaces, removes every tab, CR and LF anywhere,
 * and reads "\" as "/" in http(s) URLs, so "/\t/evil.example" is "//evil.example" (another host).
 * Any control character or backslash, raw or percent-encoded (a target may be decoded once more by
 * whoever passes it on), refuses the target outright.
 */

export const REDIRECT_PATH_MAX = 512;

// C0 controls (tab, CR, LF among them), DEL, and "\".
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;
const ORIGIN = 'https://threadline.invalid';

const plainPath = (value: string): boolean =>
  value.startsWith('/') && !value.startsWith('//') && !FORBIDDEN.test(value);

const decodedOnce = (value: string): string | null => {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};

/** Whether `value` may be a redirect target: a same-origin path, also once percent-decoded. */
export const isSafeRedirectPath = (value: string | null | undefined): value is string => {
  if (!value || value.length > REDIRECT_PATH_MAX) return false;
  if (!plainPath(value)) return false;
  const decoded = decodedOnce(value);
  if (decoded === null || !plainPath(decoded)) return false;
  // Last word to the URL parser itself: the target must resolve on our own origin.
  try {
    return new URL(value, ORIGIN).origin === ORIGIN;
  } catch {
    return false;
  }
};

/** `value` when it is a safe same-origin path (see above), else `fallback` ("/"). */
export const safeRedirectPath = (value: string | null | undefined, fallback = '/'): string =>
  isSafeRedirectPath(value) ? value : fallback;
