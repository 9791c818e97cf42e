import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const reactRouterProductionBuild = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs');

/** The Fastify server that `npm run dev` starts beside Vite. */
const apiTarget = 'http://localhost:3000';

/**
 * Every `import … from 'sonner'` but the one in src/web/lib/sonner.ts gets that module, which
 * mounts the app's Toaster when sonner first loads (the Toaster is not in the first load).
 */
function sonnerMountsToaster(): Plugin {
  const proxy = path.resolve(import.meta.dirname, 'src/web/lib/sonner.ts');
  return {
    name: 'trackside:sonner-mounts-toaster',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'sonner' && importer !== undefined && path.resolve(importer) !== proxy) return proxy;
      return null;
    },
  };
}

/**
 * Web app build: `index.html` at the repository root loads `/src/web/main.tsx`; the output
 * goes to `dist/web`, which the server serves as the SPA. Routes are lazy modules, so each
 * page is its own chunk; the framework code sits in a few long-lived vendor chunks.
 */
export default defineConfig(({ command }) => ({
  plugins: [sonnerMountsToaster(), react(), tailwindcss()],
  resolve: {
    // react-router's package exports name only its development build, whose dev warnings
    // (ENABLE_DEV_WARNINGS) stay in the bundle; the production build ships beside it.
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild }] : [],
  },
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // Maps are written beside the chunks for debugging, but the chunks do not name them: every
    // page loads a few dozen chunks, and each comment costs bytes on a phone.
    sourcemap: 'hidden',
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // tslib sits here too: auth-js and the radix dialogs share it, and in the auth group it
            // would drag auth-js into every page's first load.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|tslib)[\\/]/, priority: 30 },
            { name: 'auth', test: /node_modules[\\/](@supabase)[\\/]/, priority: 20 },
            // The rest of what every page loads first, in one chunk rather than eight small ones.
            { name: 'shell', tags: ['$initial'], priority: 5 },
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
}));
