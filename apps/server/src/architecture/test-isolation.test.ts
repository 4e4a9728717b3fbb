import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * What a test file must not do in a worker whose module cache it shares with other files
 * (decision 085): replace a module for everyone after it, install a global for them, or stub a
 * global it does not restore (`vi.unstubAllGlobals`).
 */
const needsIsolation = (source: string) =>
  /\bvi\.(do)?mock\(/.test(source) ||
  /['"]fake-indexeddb\/auto['"]/.test(source) ||
  (/\bvi\.stubGlobal\(/.test(source) && !/\bvi\.unstubAllGlobals\(/.test(source));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The files that replace a module or install a global but would run in a shared module cache. */
export function filesNeedingIsolation(files: { name: string; source: string }[]): string[] {
  return files
    .filter(({ name }) => !/\.isolated\.test\.tsx?$/.test(name))
    .filter(({ source }) => needsIsolation(source))
    .map(({ name }) => name);
}

describe('test isolation (vitest.config.ts)', () => {
  it('finds a file that mocks a module, stubs a global or installs a fake IndexedDB', () => {
    expect(
      filesNeedingIsolation([
        { name: 'a.test.ts', source: "vi.mock('./passwords', async () => ({}));" },
        { name: 'b.test.tsx', source: "import 'fake-indexeddb/auto';" },
        { name: 'c.test.ts', source: "vi.stubGlobal('fetch', fake);" },
        { name: 'd.isolated.test.ts', source: "vi.mock('./passwords');" },
        { name: 'e.test.ts', source: "const spy = vi.spyOn(console, 'warn');" },
        {
          name: 'f.test.ts',
          source: "vi.stubGlobal('fetch', fake); afterEach(() => vi.unstubAllGlobals());",
        },
      ]),
    ).toEqual(['a.test.ts', 'b.test.tsx', 'c.test.ts']);
  });

  it('runs every such server file in the isolated project', () => {
    const self = fileURLToPath(import.meta.url);
    const files = testFiles(path.join(root, 'apps/server/src'))
      .filter((file) => file !== self)
      .map((file) => ({ name: path.relative(root, file), source: readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(filesNeedingIsolation(files)).toEqual([]);
  });
});
