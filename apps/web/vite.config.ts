import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appShell } from './vite-app-shell';
import { buildInfoDefines } from './vite-build-info';
import { compileHints } from './vite-compile-hints';
import { dateTimeFormatDataTrimmed } from './vite-intl-data';

const SERVER = 'http://localhost:3000';
/** The first screens' library chunks (build.rollupOptions.output.codeSplitting below). */
const SHELL_VENDOR_CHUNK = 'shell-vendor';
const PAGE_SHELL_CHUNK = 'page-shell';
const PAGE_VENDOR_CHUNK = 'page-vendor';
/** Where the build puts the lazily loaded Intl polyfills and their locale data. */
const INTL_POLYFILL_DIR = 'intl';

/**
 * The library modules the entry chunk itself carries (the tab bar's antd-mobile TabBar, Badge,
 * SafeArea and their helpers, antd-mobile's global CSS): they stay in the entry, out of the
 * page-vendor file, which the first screen must not wait for (decision 067).
 */
const FIRST_SCREEN_LIBRARY_MODULES =
  /node_modules[\\/](antd-mobile[\\/]es[\\/](index\.js|global[\\/]|components[\\/](safe-area|badge|tab-bar)[\\/]|utils[\\/](can-use-dom|use-props-value|traverse-react-node)\.js)|ahooks[\\/]es[\\/](useMemoizedFn|useUpdate)[\\/])/;

/** The app's modules the entry chunk and Home's chunk carry: kept there, as above. */
const FIRST_SCREEN_APP_MODULES =
  /[\\/]src[\\/](lib[\\/](api-ui|paths)\.ts|components[\\/]ui[\\/](offline-notice|page-loading|empty-state|use-document-title|tab-icons|brand-mark)\.tsx?|features[\\/]config[\\/]components[\\/]vip-entry-card\.tsx)$/;

// Paths the server owns: the service worker must never answer them with the SPA shell.
const SERVER_PATHS = [/^\/app(\/|$)/, /^\/docs(\/|$)/, /^\/health(\/|$)/, /^\/ws(\/|$)/];

/**
 * antd-mobile's ConfigProvider imports its zh-CN locale as the default, so every first visit paid
 * for Chinese strings. English is the app's fallback language: make it antd-mobile's default too.
 * Each other language's antd-mobile locale loads with that language's catalogue (src/locales/<lang>).
 */
function antdEnglishDefaultLocale(): Plugin {
  return {
    name: 'sabai:antd-english-default-locale',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '../../locales/zh-CN' || !importer) return null;
      if (!/antd-mobile[\\/]es[\\/]components[\\/]config-provider[\\/]/.test(importer)) return null;
      return this.resolve('antd-mobile/es/locales/en-US', importer, { skipSelf: true });
    },
  };
}

/**
 * react-router's package exports name only its development build (its dev warnings switched on),
 * for production builds too: remix-run/react-router#12532 and #14102. The production build next to
 * it is the same code with the warnings off, which the minifier then drops. Built pages use it.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'sabai:react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== 'react-router') return null;
      const development = await this.resolve(source, importer, { skipSelf: true });
      if (!development) return null;
      const production = development.id.replace(/([\\/]dist[\\/])development([\\/])/, '$1production$2');
      if (production === development.id)
        this.error(
          `react-router resolved to ${development.id}, not its development build: update this plugin`,
        );
      return { ...development, id: production };
    },
  };
}

export default defineConfig({
  // The app's version, version code and commit (src/lib/build-info.ts, decision 055).
  define: buildInfoDefines(fileURLToPath(new URL('./package.json', import.meta.url))),
  plugins: [
    reactRouterProductionBuild(),
    antdEnglishDefaultLocale(),
    // The date polyfill's locale data without the skeletons the app never asks for (decision 095).
    dateTimeFormatDataTrimmed(),
    react(),
    appShell({
      localesDir: fileURLToPath(new URL('./src/locales', import.meta.url)),
      // The first screens' page modules (router.tsx, routes/page-routes.tsx): the server names
      // their chunks in the page it draws, so they load beside the entry (decision 067).
      preloads: {
        '/': [
          'src/app/routes/home/home-page.tsx',
          'src/features/discovery/home-entry.ts',
          'src/app/providers.tsx',
        ],
        '/instore': [
          'src/app/routes/instore/instore-page.tsx',
          'src/app/routes/instore/store-list-page.tsx',
          'src/app/providers.tsx',
        ],
        '/therapist/therapistList': [
          'src/app/routes/page-routes.tsx',
          'src/app/routes/therapist/therapist-list-page.tsx',
          'src/app/providers.tsx',
        ],
        '/therapist/orderDetail': [
          'src/app/routes/page-routes.tsx',
          'src/app/routes/therapist/therapist-detail-page.tsx',
          'src/app/providers.tsx',
        ],
      },
      // Each language's catalogue and Intl polyfill files, named in its drawn pages (decision 070);
      // the FormatJS data as src/lib/intl-polyfill.ts loads it (zh-TW's plural rules are zh's).
      languages: {
        km: ['km'],
        th: ['th'],
        vi: ['vi'],
        'zh-CN': ['zh'],
        'zh-TW': ['zh-Hant', 'zh'],
      },
    }),
    // V8 compiles the shell's and the app's own files off the main thread (decision 099).
    compileHints([SHELL_VENDOR_CHUNK, PAGE_SHELL_CHUNK, PAGE_VENDOR_CHUNK]),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg', 'icons/*.png', 'push-sw.js', 'intl-warm.js'],
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
        // The FormatJS Intl polyfills and their per-language data (src/lib/intl-polyfill.ts) are for
        // browsers that lack a language's Intl data only: never precached for everyone, cached
        // when a browser that needs them has fetched them (runtime rule below).
        globIgnores: [`**/${INTL_POLYFILL_DIR}/**`],
        // Web Push: show, tell open pages, open the right page on a tap (decision 056).
        importScripts: ['/push-sw.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: SERVER_PATHS,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          // The public lists (home, therapists, stores, services): the network first, and when it
          // fails or takes over 4 s (a dead 4G link), the answer last seen for the same request, so
          // a repeat or offline visit still shows them (decision 050). Nothing personal is kept:
          // orders, wallet and the Me pages stay network-only below.
          // NB: workbox writes each urlPattern's source text into sw.js: a callback may not use any
          // name from this file (SERVER_PATHS there was undefined, and every rule after it dead).
          {
            urlPattern: ({ url, request }) =>
              request.method === 'GET' &&
              /^\/app\/(home|therapists|stores|projects|cities)$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'sabai-lists',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 80, maxAgeSeconds: 7 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          // Every other API answer depends on the session, language and currency: always the network.
          {
            urlPattern: ({ url }) => /^\/(app|docs|health|ws)(\/|$)/.test(url.pathname),
            handler: 'NetworkOnly',
          },
          {
            // The folder is INTL_POLYFILL_DIR, written out (see above).
            urlPattern: ({ url }) => url.pathname.includes('/assets/intl/'),
            handler: 'CacheFirst',
            options: { cacheName: 'sabai-intl-data', expiration: { maxEntries: 32 } },
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
    // dist/.vite/manifest.json: bench/bundle.ts follows it to count what a first visit loads.
    manifest: true,
    rollupOptions: {
      treeshake: {
        // @sabai/shared/settings builds zod schemas at module level next to the constants we use;
        // zod calls have no side effects, so unused schemas (and zod itself) can be dropped.
        manualPureFunctions: ['z'],
      },
      output: {
        // FormatJS chunks in their own folder, so the service worker can leave them out of the precache.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => /node_modules[\\/]@formatjs[\\/]/.test(id))
            ? `assets/${INTL_POLYFILL_DIR}/[name]-[hash].js`
            : 'assets/[name]-[hash].js',
        // The first-load vendors in one chunk: one request and a better gzip ratio than five.
        // So are the shell's own modules that lazy pages import too (storage, i18n, preferences,
        // antd-mobile's base helpers the tab bar uses, react-is, Vite's preload helper): Rolldown
        // would otherwise split each into one more first-load file. antd-mobile's ConfigProvider
        // and locales go with the page providers (page-shell): the first screen does not use them
        // (decision 064).
        codeSplitting: {
          groups: [
            {
              name: SHELL_VENDOR_CHUNK,
              test: /node_modules[\\/](react|react-dom|react-is|scheduler|react-router|i18next|react-i18next|use-sync-external-store|antd-mobile[\\/]es[\\/]utils[\\/](native-props|attach-properties-to-component)|ahooks[\\/]es[\\/]utils[\\/]index)[\\/.]|vite[\\/]preload-helper|antd-mobile[\\/]es[\\/]utils[\\/]with-default-props\.js|tslib[\\/]|[\\/]src[\\/]lib[\\/](storage|i18n|preferences)\.ts$/,
            },
            // What every page's chunk needs with it (router.tsx loads the page providers with each
            // page): the TanStack Query client and provider, antd-mobile's ConfigProvider and
            // English locale, the page frame. One file instead of a
            // dozen small ones: fewer requests, better gzip. Nothing the entry imports statically
            // belongs here (the entry would preload it and the chunks would import each other).
            {
              name: PAGE_SHELL_CHUNK,
              // Only these modules: their dependencies stay where the rest of the app puts them.
              includeDependenciesRecursively: false,
              test: /node_modules[\\/](@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/](queryClient|queryCache|mutationCache|mutation|query|removable|retryer|infiniteQueryBehavior|onlineManager|notifyManager|focusManager|subscribable|environmentManager|utils|timeoutManager|thenable)\.js|@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]QueryClientProvider\.js|antd-mobile-icons[\\/]es[\\/]LeftOutline\.js|antd-mobile[\\/]es[\\/](components[\\/]config-provider[\\/]|locales[\\/](base|en-US)\.js|utils[\\/]merge-locale\.js))|[\\/]src[\\/](app[\\/]providers\.tsx|lib[\\/]api-error\.ts|components[\\/]ui[\\/]page\.tsx)$/,
            },
            // Every other library the pages use (antd-mobile's components, react-spring, use-gesture,
            // the icons, the rest of TanStack Query) in one cached file, fetched with the first page
            // chunk, instead of 30-odd files of 1–3 KB that Rolldown would cut out of them: on a
            // phone over 4G each extra file is another round trip in the page's chain (decision 067).
            // Last, so the two groups above keep theirs; what the entry imports statically is in
            // shell-vendor, so this file stays off the first screen (bench/bundle checks it).
            {
              name: PAGE_VENDOR_CHUNK,
              minShareCount: 6,
              includeDependenciesRecursively: false,
              test: (id) =>
                /node_modules[\\/]/.test(id) &&
                // Not the Intl polyfills (their own folder, above), nor the form stack (zod,
                // react-hook-form: the sign-in and booking forms, no first screen of a visit).
                !/node_modules[\\/](@formatjs|zod|react-hook-form|@hookform)[\\/]/.test(id) &&
                !FIRST_SCREEN_LIBRARY_MODULES.test(id),
            },
            // Likewise the app's own shared parts (UI pieces, API hooks, formatting, the feature
            // modules six or more pages use): one file, not 30-odd of 1–2 KB each. Not the
            // catalogues (one language's strings per file), nor what the entry draws itself.
            {
              name: 'page-common',
              minShareCount: 6,
              includeDependenciesRecursively: false,
              test: (id) =>
                /[\\/]apps[\\/]web[\\/]src[\\/](components|lib|hooks|features)[\\/]/.test(id) &&
                !/[\\/]locales[\\/]|\.json$|-strings\.ts$/.test(id) &&
                // Nor the parts of signing in, forms, chat, wallet and realtime: many pages use
                // them, the first screens of a visit do not, and they bring zod and schemas along.
                !/[\\/]src[\\/](components[\\/]form|lib[\\/]realtime|features[\\/](identity|chat|wallet|withdraw|orders|help|notifications|feedback|calls))[\\/]/.test(
                  id,
                ) &&
                !FIRST_SCREEN_APP_MODULES.test(id),
            },
          ],
        },
      },
    },
  },
});
