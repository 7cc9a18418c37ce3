import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://127.0.0.1:3000';

type ModuleInfo = { isEntry: boolean; importers: readonly string[]; dynamicImporters: readonly string[]; importedIds: readonly string[] };
type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null };

/** The entry, found from any module by walking up its importers (static or dynamic). */
const entryOf = (id: string, graph: ModuleGraph, seen = new Set<string>()): string | undefined => {
  const info = graph.getModuleInfo(id);
  if (!info || seen.has(id)) return undefined;
  if (info.isEntry) return id;
  seen.add(id);
  for (const importer of [...info.importers, ...info.dynamicImporters]) {
    const entry = entryOf(importer, graph, seen);
    if (entry) return entry;
  }
  return undefined;
};

/**
 * An icon library's barrel imports every icon: following it would pull the icons of pages loaded
 * on demand into the first load. Its icons keep the default splitting (the used ones stay small).
 */
const BARRELS = /[\\/]node_modules[\\/]lucide-react[\\/]/;

let firstLoad: Set<string> | undefined;
/** Statically reachable from the entry: loaded before the first paint whatever the page. */
const isFirstLoad = (id: string, graph: ModuleGraph): boolean => {
  if (!firstLoad) {
    const entry = entryOf(id, graph);
    if (!entry) return false;
    firstLoad = new Set([entry]);
    for (const next of firstLoad) {
      for (const imported of graph.getModuleInfo(next)?.importedIds ?? []) if (!BARRELS.test(imported)) firstLoad.add(imported);
    }
  }
  return firstLoad.has(id);
};

/**
 * The first page after sign-in is the dashboard under the app's layout (routes "/" and index):
 * their code, what they import statically, in one chunk beside the first-load one. Twenty-odd
 * small chunks compress worse than the one file (brotli works within a file): ~6 KB brotli of a
 * 150 KB budget (bench/spa.ts). Another page that shares a helper with them loads this chunk too,
 * which costs a page opened first a few KB; the layout it needs anyway is most of the chunk.
 */
const SIGNED_IN_ROOTS = ['src/app/layout/app-layout.tsx', 'src/features/dashboard/routes/dashboard.tsx'].map((file) => join(root, file));

let signedIn: Set<string> | undefined;
const isSignedInFirstPage = (id: string, graph: ModuleGraph): boolean => {
  if (!signedIn) {
    signedIn = new Set(SIGNED_IN_ROOTS.filter((root) => graph.getModuleInfo(root)));
    for (const next of signedIn) {
      for (const imported of graph.getModuleInfo(next)?.importedIds ?? []) if (!BARRELS.test(imported)) signedIn.add(imported);
    }
  }
  return signedIn.has(id);
};

const chunkGroup = (id: string, graph: ModuleGraph): string | null => {
  if (isFirstLoad(id, graph)) return 'app';
  return isSignedInFirstPage(id, graph) ? 'signed-in' : null;
};

export default defineConfig({
  root,
  // The SPA imports ../shared (messages, constants, formatters); everything else stays in web/.
  publicDir: 'public',
  // a rebuild (watch mode) works the first-load set out afresh
  plugins: [
    react(),
    tailwindcss(),
    {
      name: 'chunk-groups-reset',
      buildStart: () => {
        firstLoad = undefined;
        signedIn = undefined;
      },
    },
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // CSP has no 'unsafe-inline': keep every asset a file, never a data: script or inline style.
    assetsInlineLimit: 0,
    sourcemap: false,
    // The budget that matters is bench/spa.ts's 150 KB brotli for the first load, not raw size.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Everything the first paint needs (what the entry imports statically, transitively) in
        // one chunk: brotli compresses a file against itself, so one file is ~5 KB smaller than
        // its twenty pieces (bench/spa.ts). The first signed-in page in a second one; other pages
        // loaded on demand keep the default splitting.
        codeSplitting: { groups: [{ name: (id, context) => chunkGroup(id, context), debugName: 'first-load and signed-in chunks' }] },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] },
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/auth/login': { target: backend, changeOrigin: false },
      '/auth/callback': { target: backend, changeOrigin: false },
      '/auth/status': { target: backend, changeOrigin: false },
      '/auth/logout': { target: backend, changeOrigin: false },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
  },
});
