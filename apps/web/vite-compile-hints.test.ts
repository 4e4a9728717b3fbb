import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, isEagerChunk } from './vite-compile-hints';

const chunk = (name: string, moduleIds: string[], isEntry = false) => ({
  type: 'chunk' as const,
  name,
  isEntry,
  moduleIds,
  code: 'const __vite__mapDeps=0;\nexport{}',
});
const firstScreen = new Set(['shell-vendor', 'page-vendor']);
const eager = (name: string, moduleIds: string[], isEntry = false) =>
  isEagerChunk(chunk(name, moduleIds, isEntry), firstScreen);

describe('the compile hint (decision 099)', () => {
  it('goes on the entry, the first screens’ libraries, the Intl polyfills and the app’s own chunks', () => {
    expect(eager('index', ['/w/apps/web/src/app/main.tsx'], true)).toBe(true);
    expect(eager('shell-vendor', ['/w/node_modules/react-dom/index.js'])).toBe(true);
    expect(eager('page-vendor', ['/w/node_modules/antd-mobile/es/index.js'])).toBe(true);
    expect(eager('intl-numberformat', ['/w/node_modules/@formatjs/intl-numberformat/polyfill.js'])).toBe(
      true,
    );
    expect(
      eager('home-page', ['/w/apps/web/src/app/routes/home/home-page.tsx', '/w/packages/shared/src/i18n.ts']),
    ).toBe(true);
  });

  it('leaves the other libraries’ chunks to V8, even with an app module in them, and an empty chunk', () => {
    expect(eager('leaflet', ['/w/node_modules/leaflet/dist/leaflet-src.js'])).toBe(false);
    expect(
      eager('phone', ['/w/apps/web/src/lib/phone.ts', 'C:\\w\\node_modules\\libphonenumber-js\\min.js']),
    ).toBe(false);
    expect(eager('empty', [])).toBe(false);
  });

  it('opens the file, ahead of the line Vite writes first, and leaves other files as they were', () => {
    const plugin = compileHints(['shell-vendor']);
    const hook = plugin.generateBundle as {
      handler: (options: unknown, bundle: Record<string, unknown>) => void;
    };
    const entry = chunk('index', ['/w/apps/web/src/app/main.tsx'], true);
    const library = chunk('leaflet', ['/w/node_modules/leaflet/dist/leaflet-src.js']);
    const asset = { type: 'asset', fileName: 'app.css', source: 'a{}' };
    hook.handler({}, { 'index.js': entry, 'leaflet.js': library, 'app.css': asset });
    expect(entry.code.split('\n')[0]).toBe(COMPILE_HINT);
    expect(entry.code).toBe(`${COMPILE_HINT}\nconst __vite__mapDeps=0;\nexport{}`);
    expect(library.code).toBe('const __vite__mapDeps=0;\nexport{}');
    expect(asset).toEqual({ type: 'asset', fileName: 'app.css', source: 'a{}' });
  });
});
