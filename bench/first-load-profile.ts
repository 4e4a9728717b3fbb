/**
 * Issue #17: where a first load's main-thread time goes, measured in the browser rather than in
 * Lighthouse's simulation (whose blocking time moves more between two runs than most changes move
 * it). Each page is loaded FIRST_LOAD_RUNS times (5 by default) in a fresh context of Debian's
 * Chromium at 390×844 under a 4× CPU slowdown (Lighthouse's mobile preset), no network throttling.
 * Printed per page and language, as the median of the runs:
 * - blocking: the sum of each long task's time over 50 ms in the first 9 s (Lighthouse's TBT rule);
 * - longest: the longest task; tasks: how many long tasks;
 * - lcp: the largest contentful paint the browser reported.
 * With FIRST_LOAD_PROFILE=1, one more load per page runs the sampling profiler and prints the
 * scripts and functions with the most self time.
 *
 *   npm run build && npm run bench -- first-load-profile
 *   FIRST_LOAD_PAGES=/ FIRST_LOAD_LANGUAGES=km FIRST_LOAD_PROFILE=1 npm run bench -- first-load-profile
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { startServer } from '../e2e/support/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'apps/web/dist/index.html')))
  throw new Error('apps/web/dist is missing: run `npm run build` first');

const RUNS = Number(process.env.FIRST_LOAD_RUNS ?? 5);
const PAGES = (
  process.env.FIRST_LOAD_PAGES ?? '/,/therapist/therapistList,/therapist/orderDetail?id=1,/instore'
).split(',');
const LANGUAGES = (process.env.FIRST_LOAD_LANGUAGES ?? 'en,km').split(',');
const PROFILE = process.env.FIRST_LOAD_PROFILE === '1';
const CPU_SLOWDOWN = 4;
const WINDOW_MS = 9_000;

interface Load {
  blockingMs: number;
  longestMs: number;
  tasks: number;
  lcpMs: number;
  /** The LCP element (tag.class and its area), as the last run saw it. */
  lcpElement: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Observes long tasks and LCP from the first script the page runs. */
const OBSERVER = `
  window.__load = { tasks: [], lcp: 0, element: '' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__load.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__load.lcp = entry.startTime;
      const element = entry.element;
      window.__load.element = element ? element.tagName.toLowerCase() + '.' + String(element.className).split(' ')[0] + ' ' + entry.size : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

async function load(
  browser: Browser,
  url: string,
  language: string,
  profile: boolean,
): Promise<{ load: Load; top?: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: language,
    extraHTTPHeaders: { 'accept-language': language },
  });
  try {
    await context.addInitScript(OBSERVER);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(WINDOW_MS);
    const observed = (await page.evaluate('window.__load')) as {
      tasks: [number, number][];
      lcp: number;
      element: string;
    };
    const inWindow = observed.tasks.filter(([start]) => start < WINDOW_MS);
    const result: { load: Load; top?: string[] } = {
      load: {
        blockingMs: Math.round(inWindow.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)),
        longestMs: Math.round(Math.max(0, ...inWindow.map(([, duration]) => duration))),
        tasks: inWindow.length,
        lcpMs: Math.round(observed.lcp),
        lcpElement: observed.element,
      },
    };
    if (profile) {
      const { profile: cpu } = (await cdp.send('Profiler.stop')) as {
        profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
      };
      result.top = topSelfTime(cpu);
    }
    return result;
  } finally {
    await context.close();
  }
}

/** Self time per function (and per script), from the sampling profile, largest first. */
function topSelfTime(cpu: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): string[] {
  const byNode = new Map(cpu.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  cpu.samples.forEach((id, index) => {
    const node = byNode.get(id);
    const delta = (cpu.timeDeltas[index] ?? 0) / 1000;
    if (!node) return;
    const file = node.callFrame.url.split('/').pop() || '(native)';
    const name = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    if (!/^\((idle|program)\)$/.test(node.callFrame.functionName))
      byScript.set(file, (byScript.get(file) ?? 0) + delta);
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .filter(([name]) => !name.startsWith('(idle)') && !name.startsWith('(program)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => `${Math.round(ms).toString().padStart(6)} ms  ${name}`);
  return ['scripts:', ...top(byScript, 8), 'functions:', ...top(byFunction, 15)];
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium' });
try {
  const rows: Record<string, string | number>[] = [];
  for (const pagePath of PAGES) {
    for (const language of LANGUAGES) {
      const url = `${server.baseUrl}${pagePath}`;
      // One load first, not counted: the server draws and compresses each page once.
      await load(browser, url, language, false);
      const loads: Load[] = [];
      for (let run = 0; run < RUNS; run++) loads.push((await load(browser, url, language, false)).load);
      rows.push({
        page: pagePath,
        language,
        blockingMs: median(loads.map((l) => l.blockingMs)),
        longestMs: median(loads.map((l) => l.longestMs)),
        tasks: median(loads.map((l) => l.tasks)),
        lcpMs: median(loads.map((l) => l.lcpMs)),
        lcpElement: loads.at(-1)?.lcpElement ?? '',
        blockingRange: `${Math.min(...loads.map((l) => l.blockingMs))}–${Math.max(...loads.map((l) => l.blockingMs))}`,
      });
      if (PROFILE) {
        const { top } = await load(browser, url, language, true);
        console.log(`\n${language} ${pagePath}, self time at ${CPU_SLOWDOWN}× (one load):`);
        for (const line of top ?? []) console.log(`  ${line}`);
      }
    }
  }
  console.log(
    `\nFirst load at ${CPU_SLOWDOWN}× CPU, 390×844, median of ${RUNS} (blocking: long tasks over 50 ms)`,
  );
  console.table(rows);
} finally {
  await browser.close();
  await server.stop();
}
