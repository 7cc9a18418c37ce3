/**
 * Stands in for https-proxy-agent in the Lambda bundles. gaxios builds one when an HTTPS_PROXY
 * variable is set and passes it as `agent` to fetch; every Google call of ours goes through
 * Node's own fetch (functions/lib/google/auth.ts, nativeFetch), which ignores `agent`, so the real
 * agent (with agent-base, debug and ms: ~17 KB) never had an effect. This one keeps what gaxios
 * reads back from it (the proxy URL and the TLS options) and nothing else.
 */
type ConnectOptions = { cert?: unknown; key?: unknown };

export class HttpsProxyAgent {
  readonly proxy: URL;
  readonly connectOpts: ConnectOptions;

  constructor(proxy: string | URL, connectOpts: ConnectOptions = {}) {
    this.proxy = new URL(proxy);
    this.connectOpts = connectOpts;
  }
}
