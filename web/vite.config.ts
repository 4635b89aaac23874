import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cspSafeStyles } from './csp-safe-styles';

const webRoot = import.meta.dirname;
const api = 'http://localhost:3000';

/** The web app: root web/, built to web/dist; in dev, /api, /ws and /media go to the local stack on port 3000. */
export default defineConfig({
  root: webRoot,
  plugins: [react(), cspSafeStyles()],
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/ws': { target: api, ws: true, changeOrigin: true },
      '/media': { target: api, changeOrigin: true },
    },
  },
});
