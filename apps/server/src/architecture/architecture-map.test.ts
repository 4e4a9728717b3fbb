import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** ARCHITECTURE.md is a map (decision 105): it must fit on a few screens. */
export const MAP_MAX_LINES = 250;

/** The folders directly under `dir`, sorted. */
function foldersIn(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * The names in the first column of the table under the `## <heading…>` section of the map: the
 * rows read "| `name` | owns | decisions |".
 */
export function tableNames(map: string, heading: string): string[] {
  const start = map.split('\n').findIndex((line) => line.startsWith(`## ${heading}`));
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of map.split('\n').slice(start + 1)) {
    if (line.startsWith('## ')) break;
    const name = /^\| `([^`]+)` \|/.exec(line)?.[1];
    if (name) names.push(name);
  }
  return names.sort();
}

/** What the map gets wrong about `folders`: the ones it has no row for, and rows for none. */
export function mapDifferences(folders: string[], rows: string[]) {
  return {
    missing: folders.filter((folder) => !rows.includes(folder)),
    stale: rows.filter((row) => !folders.includes(row)),
  };
}

/** Relative Markdown links (`](path)`) in `text` whose file does not exist beside `from`. */
export function brokenLinks(text: string, from: string): string[] {
  return [...text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/.test(target))
    .filter((target) => !existsSync(path.resolve(path.dirname(from), target)));
}

describe('ARCHITECTURE.md as a map (decision 105)', () => {
  const mapPath = path.join(root, 'ARCHITECTURE.md');
  const map = readFileSync(mapPath, 'utf8');

  it('reads the rows of a section table and tells a missing folder from a stale row', () => {
    const sample = [
      '## Server modules (`apps/server/src/modules`)',
      '| Module | Owns | Decisions |',
      '|---|---|---|',
      '| `booking` | orders | 025 |',
      '| `ledger` | money | 037 |',
      'Not a row: `identity` named in prose.',
      '## Web features',
      '| `orders` | pages | 032 |',
    ].join('\n');
    const rows = tableNames(sample, 'Server modules');
    expect(rows).toEqual(['booking', 'ledger']);
    expect(mapDifferences(['booking', 'identity'], rows)).toEqual({
      missing: ['identity'],
      stale: ['ledger'],
    });
    expect(tableNames(sample, 'Web features')).toEqual(['orders']);
  });

  it('has one row for every server module folder, and none for a module that is gone', () => {
    const modules = foldersIn('apps/server/src/modules');
    expect(modules.length).toBeGreaterThanOrEqual(17);
    expect(mapDifferences(modules, tableNames(map, 'Server modules'))).toEqual({ missing: [], stale: [] });
  });

  it('has one row for every web feature folder, and none for a feature that is gone', () => {
    const features = foldersIn('apps/web/src/features');
    expect(features.length).toBeGreaterThanOrEqual(21);
    expect(mapDifferences(features, tableNames(map, 'Web features'))).toEqual({ missing: [], stale: [] });
  });

  it(`stays a map: at most ${MAP_MAX_LINES} lines`, () => {
    expect(map.trimEnd().split('\n').length).toBeLessThanOrEqual(MAP_MAX_LINES);
  });

  it('links only to files that exist', () => {
    expect(brokenLinks('[a](docs/orders.md) [b](docs/none.md) [c](https://example.com)', mapPath)).toEqual([
      'docs/none.md',
    ]);
    expect(brokenLinks(map, mapPath)).toEqual([]);
  });
});
