/**
 * Stands in for node-fetch in the Lambda bundles. The Google clients are given Node's own fetch
 * (functions/lib/google/auth.ts, nativeFetch), so gaxios never loads node-fetch; bundling it
 * anyway would add ~110 KB of stream polyfills to every function that talks to Google.
 */
const notBundled = (): never => {
  throw new Error('node-fetch is not bundled: pass fetchImplementation (native fetch) to gaxios');
};

export default notBundled;
