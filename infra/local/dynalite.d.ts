declare module 'dynalite' {
  import type { Server } from 'node:http';
  type Options = { path?: string; createTableMs?: number; deleteTableMs?: number; updateTableMs?: number; ssl?: boolean };
  const dynalite: (options?: Options) => Server;
  export default dynalite;
}
