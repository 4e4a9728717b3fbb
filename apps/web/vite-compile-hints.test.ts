import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, isEagerChunk } from './vite-compile-hints';

const chunk = (name: string, moduleIds: string[], isEntry = false) => ({
  type: 'chunk' as const,
  name,
  isEntry,
  moduleIds,
  code: 'const __vite__mapDeps=0;\nexport{}',
});

describe('the compile hint (decision 099)', () => {
  it('goes on the entry, the shell libraries and the chunks of the app’s own code only', () => {
    expect(isEagerChunk(chunk('index', ['/w/apps/web/src/app/main.tsx'], true), 'shell-vendor')).toBe(true);
    expect(isEagerChunk(chunk('shell-vendor', ['/w/node_modules/react-dom/index.js']), 'shell-vendor')).toBe(
      true,
    );
    expect(
      isEagerChunk(
        chunk('home-page', [
          '/w/apps/web/src/app/routes/home/home-page.tsx',
          '/w/packages/shared/src/i18n.ts',
        ]),
        'shell-vendor',
      ),
    ).toBe(true);
    // A library chunk, even one with an app module in it, and an empty chunk are left to V8.
    expect(
      isEagerChunk(chunk('page-vendor', ['/w/node_modules/antd-mobile/es/index.js']), 'shell-vendor'),
    ).toBe(false);
    expect(
      isEagerChunk(
        chunk('phone', ['/w/apps/web/src/lib/phone.ts', 'C:\\w\\node_modules\\libphonenumber-js\\min.js']),
        'shell-vendor',
      ),
    ).toBe(false);
    expect(isEagerChunk(chunk('empty', []), 'shell-vendor')).toBe(false);
  });

  it('opens the file, ahead of the line Vite writes first, and leaves other files as they were', () => {
    const plugin = compileHints('shell-vendor');
    const hook = plugin.generateBundle as {
      handler: (options: unknown, bundle: Record<string, unknown>) => void;
    };
    const eager = chunk('index', ['/w/apps/web/src/app/main.tsx'], true);
    const library = chunk('page-vendor', ['/w/node_modules/antd-mobile/es/index.js']);
    const asset = { type: 'asset', fileName: 'app.css', source: 'a{}' };
    hook.handler({}, { 'index.js': eager, 'page-vendor.js': library, 'app.css': asset });
    expect(eager.code.split('\n')[0]).toBe(COMPILE_HINT);
    expect(eager.code).toBe(`${COMPILE_HINT}\nconst __vite__mapDeps=0;\nexport{}`);
    expect(library.code).toBe('const __vite__mapDeps=0;\nexport{}');
    expect(asset).toEqual({ type: 'asset', fileName: 'app.css', source: 'a{}' });
  });
});
