import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file while it streams in. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

interface ChunkFacts {
  name: string;
  isEntry: boolean;
  moduleIds: readonly string[];
}

/** The FormatJS Intl polyfills (their own chunks): a browser that loads them formats with them at once. */
const INTL_POLYFILL_MODULE = /[\\/]node_modules[\\/]@formatjs[\\/]/;

/**
 * The files whose functions mostly run soon after the file has loaded (decision 099):
 * - the entry and the first screens' library chunks (`firstScreenChunks`: React, react-dom, the
 *   router and i18next; antd-mobile's components and TanStack Query, which every page's first
 *   render goes through);
 * - the Intl polyfills, loaded only where the browser lacks the language's data and then used by
 *   every date and price on the page;
 * - every chunk of the app's own code (a page's or feature's modules run when it draws).
 * Not the other libraries' chunks (leaflet, libphonenumber's data, zod, Dexie): the pages that load
 * them call a small part, and compiling the rest would spend a phone's memory on bytecode that
 * never runs. (V8 drops the bytecode of functions that stay unused anyway, after a few collections.)
 */
export function isEagerChunk(chunk: ChunkFacts, firstScreenChunks: ReadonlySet<string>): boolean {
  if (chunk.isEntry || firstScreenChunks.has(chunk.name)) return true;
  if (chunk.moduleIds.length === 0) return false;
  if (chunk.moduleIds.some((id) => INTL_POLYFILL_MODULE.test(id))) return true;
  return chunk.moduleIds.every((id) => !/[\\/]node_modules[\\/]/.test(id));
}

/**
 * Puts V8's compile hint on the first line of the files `isEagerChunk` picks. Without it, V8
 * compiles a function the first time it is called, on the main thread: on a first visit (no code
 * cache yet), 1,460 compiles and 1,560 full parses on the main thread for Khmer Home on the test
 * machine (140–250 ms of its main-thread time, four times that at a mid-range phone's speed),
 * inside the tasks that start the app and draw its first screen; 27 and 121 with the hints.
 * With it, V8 compiles them on a background thread while the file downloads. Browsers without the
 * feature read a comment. Written at the end of the bundle step, after Vite's own first line (the
 * preload dependency map) is in place: the hint must open the file.
 */
export function compileHints(firstScreenChunks: readonly string[]): Plugin {
  const named = new Set(firstScreenChunks);
  return {
    name: 'sabai:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !isEagerChunk(file, named)) continue;
          file.code = `${COMPILE_HINT}\n${file.code}`;
        }
      },
    },
  };
}
