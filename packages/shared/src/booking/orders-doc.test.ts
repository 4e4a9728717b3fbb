import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTION_RULES } from './order-actions';
import {
  isLiveStatus,
  isTerminalStatus,
  ORDER_KINDS,
  ORDER_STATUS_CODES,
  ORDER_STATUSES,
  STATUSES_BY_KIND,
} from './order-status';
import { TRANSITION_RULES } from './order-transitions';

/** docs/orders.md is for people; these tests keep its tables equal to the code's. */
const doc = readFileSync(new URL('../../../../docs/orders.md', import.meta.url), 'utf8');

/** The rows of the first Markdown table under a `## heading`, as trimmed cells (header and rule skipped). */
function tableUnder(heading: string): string[][] {
  const start = doc.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/orders.md has no "## ${heading}"`);
  const nextHeading = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, nextHeading < 0 ? undefined : nextHeading);
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
        .split('|')
        .map((cell) => cell.trim()),
    );
  return rows.slice(2);
}

const list = (cell: string) => cell.split(',').map((item) => item.trim());
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

describe('docs/orders.md', () => {
  it('lists every status with its code, kinds, liveness and finality as the code has them', () => {
    const expected = ORDER_STATUSES.map((status) => [
      String(ORDER_STATUS_CODES[status]),
      status,
      ORDER_KINDS.filter((kind) => STATUSES_BY_KIND[kind].includes(status)).join(', '),
      yesNo(isLiveStatus(status)),
      yesNo(isTerminalStatus(status)),
    ]);
    expect(tableUnder('Statuses')).toEqual(expected);
  });

  it('holds the transition table of the code, row for row', () => {
    const documented = tableUnder('Transitions').map(([kind, transition, actors, from, to]) => ({
      kind,
      transition,
      actors: list(actors ?? ''),
      from: list(from ?? ''),
      to,
    }));
    expect(documented).toEqual(TRANSITION_RULES.map((rule) => ({ ...rule })));
  });

  it('holds the actions that keep the status', () => {
    const documented = tableUnder('Actions that keep the status').map(([kind, action, actors, statuses]) => ({
      kind,
      action,
      actors: list(actors ?? ''),
      statuses: list(statuses ?? ''),
    }));
    expect(documented).toEqual(ACTION_RULES.map((rule) => ({ ...rule })));
  });
});
