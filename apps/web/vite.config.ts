import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const SERVER = 'http://localhost:3000';

// Paths the server owns: the service worker must never answer them with the SPA shell.
const SERVER_PATHS = [/^\/app(\/|$)/, /^\/docs(\/|$)/, /^\/health(\/|$)/, /^\/ws(\/|$)/];

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'Sabai',
        short_name: 'Sabai',
        description: 'Massage and wellness at home or in store',
        theme_color: '#1890FF',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Fonts stay out of the precache: the Khmer/Thai faces download only when such text appears
        // (unicode-range), then are cached at runtime.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: SERVER_PATHS,
        cleanupOutdatedCaches: true,
        // API answers depend on the session, language and currency: always go to the network.
        runtimeCaching: [
          {
            urlPattern: ({ url }) => SERVER_PATHS.some((pattern) => pattern.test(url.pathname)),
            handler: 'NetworkOnly',
          },
          {
            urlPattern: ({ url }) => url.pathname.endsWith('.woff2'),
            handler: 'CacheFirst',
            options: { cacheName: 'sabai-fonts', expiration: { maxEntries: 16 } },
          },
        ],
      },
    }),
  ],
  resolve: {
    // antd-mobile's @react-spring pulls a second React into the root node_modules; one React only.
    dedupe: ['react', 'react-dom'],
  },
  server: {
    proxy: {
      '/app': SERVER,
      '/health': SERVER,
      '/docs': SERVER,
      '/ws': { target: SERVER.replace('http', 'ws'), ws: true },
    },
  },
  preview: {
    proxy: {
      '/app': SERVER,
      '/health': SERVER,
      '/docs': SERVER,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      treeshake: {
        // @sabai/shared/settings builds zod schemas at module level next to the constants we use;
        // zod calls have no side effects, so unused schemas (and zod itself) can be dropped.
        manualPureFunctions: ['z'],
      },
      output: {
        // The first-load vendors in one chunk: one request and a better gzip ratio than five.
        // So are the shell's own modules that lazy pages import too (storage, i18n, preferences,
        // antd-mobile's base helpers, Vite's preload helper): Rolldown would otherwise split each
        // into one more first-load file.
        codeSplitting: {
          groups: [
            {
              name: 'shell-vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|antd-mobile[\\/]es[\\/]utils[\\/](native-props|attach-properties-to-component))[\\/.]|vite[\\/]preload-helper|antd-mobile[\\/]es[\\/]utils[\\/]with-default-props|[\\/]src[\\/]lib[\\/](storage|i18n|preferences)\.ts$/,
            },
          ],
        },
      },
    },
  },
});
