import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  // The SPA imports ../shared (messages, constants, formatters); everything else stays in web/.
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // CSP has no 'unsafe-inline': keep every asset a file, never a data: script or inline style.
    assetsInlineLimit: 0,
    sourcemap: false,
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
