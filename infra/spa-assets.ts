/**
 * Which request paths are files of the built SPA and which are client-side routes, decided the
 * same way by CloudFront (infra/constructs/spa-rewrite-function.ts) and the local runtime
 * (infra/local/static-files.ts). A route may hold a dot (/talents/ana@creator.com), so "has an
 * extension" is not enough: a file is under /assets/ or ends in an extension the build emits.
 */
export const ASSET_EXTENSIONS = ['js', 'mjs', 'css', 'map', 'json', 'svg', 'png', 'ico', 'jpg', 'jpeg', 'webp', 'gif', 'woff', 'woff2', 'txt', 'html', 'webmanifest', 'xml'] as const;

export const isAssetPath = (path: string): boolean => {
  if (/^\/?assets\//.test(path)) return true;
  const last = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = last.lastIndexOf('.');
  return dot > 0 && (ASSET_EXTENSIONS as readonly string[]).includes(last.slice(dot + 1));
};
