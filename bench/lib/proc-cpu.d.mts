export const TICKS_PER_SECOND: number;
export function cpuTicksByProcess(): Map<number, { comm: string; ticks: number }>;
export function machineBusyTicks(): number | undefined;
