/// <reference types="vite/client" />

// An interface, not a type: augmenting vite's ImportMetaEnv needs declaration merging.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
interface ImportMetaEnv {
  /** API origin; empty means same origin (the default, behind one CloudFront distribution). */
  readonly VITE_API_BASE?: string;
}
