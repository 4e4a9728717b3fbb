import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file while it streams in. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

interface ChunkFacts {
  name: string;
  isEntry: boolean;
  moduleIds: readonly string[];
}

/**
 * The files whose functions nearly all run once the file has loaded (decision 099): the entry and
 * the shell's libraries (React, react-dom, the router, i18next: the first render calls most of
 * them), and every chunk of the app's own code (a page's or feature's modules run when it draws).
 * Not the other libraries' chunks (antd-mobile's components, the Intl polyfills, leaflet,
 * libphonenumber's data, zod): a page uses a few of their functions, and compiling all of them
 * would spend a phone's memory on bytecode that never runs.
 */
export function isEagerChunk(chunk: ChunkFacts, shellVendorChunk: string): boolean {
  if (chunk.isEntry || chunk.name === shellVendorChunk) return true;
  return chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => !/[\\/]node_modules[\\/]/.test(id));
}

/**
 * Puts V8's compile hint on the first line of the files `isEagerChunk` picks. Without it, V8
 * compiles a function the first time it is called, on the main thread: on a first visit (no code
 * cache yet) that was 130–200 ms of a load's main-thread time on the test machine, four times that
 * at a mid-range phone's speed, inside the tasks that start the app and draw its first screen.
 * With it, V8 compiles them on a background thread while the file downloads. Browsers without the
 * feature read a comment. Written at the end of the bundle step, after Vite's own first line (the
 * preload dependency map) is in place: the hint must open the file.
 */
export function compileHints(shellVendorChunk: string): Plugin {
  return {
    name: 'sabai:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !isEagerChunk(file, shellVendorChunk)) continue;
          file.code = `${COMPILE_HINT}\n${file.code}`;
        }
      },
    },
  };
}
