/**
 * How much of its own long tasks the page's main thread actually ran, from a Lighthouse trace
 * (decision 100). Lighthouse's simulated 4× slowdown multiplies each task's wall time; on a host
 * whose cores are shared (this project's 2-vCPU machines, with Chromium's browser, network, GPU and
 * tracing processes, Lighthouse itself and the server beside the page), a task's wall time includes
 * the time its thread waited for a core. A trace event's `tdur` is the thread's own CPU time.
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { frame?: string; isMainFrame?: boolean } };
}

export interface MainThreadCpu {
  /** The main thread's CPU time as a share of the wall time of its tasks of 12.5 ms or more (1 = never waited). */
  share: number;
  /**
   * The blocking time of the tasks after the first contentful paint at 4×, from their CPU time:
   * Σ max(0, 4 × cpu − 50 ms). What the same work would block for on a host that gave the page's
   * main thread a core of its own. Not Lighthouse's figure: a guide to reading it.
   */
  cpuBlockingMs: number;
}

/** Lighthouse's mobile CPU slowdown, and the task length at which it makes a task long (50 ms / 4). */
const SLOWDOWN = 4;
const LONG_AT_SLOWDOWN_US = 50_000 / SLOWDOWN;

/** The page's main thread: the renderer thread that ran the most script. */
function pageMainThread(events: TraceEvent[]): string | undefined {
  const scriptRuns = new Map<string, number>();
  for (const event of events) {
    if (event.name !== 'FunctionCall' && event.name !== 'EvaluateScript') continue;
    const thread = `${event.pid}:${event.tid}`;
    scriptRuns.set(thread, (scriptRuns.get(thread) ?? 0) + 1);
  }
  return [...scriptRuns].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export function mainThreadCpu(events: TraceEvent[], firstPaintTs: number): MainThreadCpu | undefined {
  const thread = pageMainThread(events);
  if (!thread) return undefined;
  const tasks = events.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.ph === 'X' &&
      `${event.pid}:${event.tid}` === thread &&
      event.dur !== undefined &&
      event.tdur !== undefined,
  );
  const long = tasks.filter((task) => (task.dur ?? 0) >= LONG_AT_SLOWDOWN_US);
  const wall = long.reduce((sum, task) => sum + (task.dur ?? 0), 0);
  const cpu = long.reduce((sum, task) => sum + (task.tdur ?? 0), 0);
  const cpuBlockingUs = tasks
    .filter((task) => task.ts >= firstPaintTs)
    .reduce((sum, task) => sum + Math.max(0, SLOWDOWN * (task.tdur ?? 0) - 50_000), 0);
  return { share: wall === 0 ? 1 : cpu / wall, cpuBlockingMs: Math.round(cpuBlockingUs / 1000) };
}
