import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The Fastify server that `npm run dev` starts beside Vite. */
const apiTarget = 'http://localhost:3000';

/**
 * Web app build: `index.html` at the repository root loads `/src/web/main.tsx`; the output
 * goes to `dist/web`, which the server serves as the SPA. Routes are lazy modules, so each
 * page is its own chunk; the framework code sits in a few long-lived vendor chunks.
 */
export default defineConfig({
  plugins: [react(), tailwindcss()],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // tslib sits here too: auth-js and the radix dialogs share it, and in the auth group it
            // would drag auth-js into every page's first load.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|tslib)[\\/]/, priority: 30 },
            { name: 'auth', test: /node_modules[\\/](@supabase)[\\/]/, priority: 20 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            // Form pages only: kept out of the entry chunk.
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false }, '/storage': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false }, '/storage': { target: apiTarget, changeOrigin: false } },
  },
});
