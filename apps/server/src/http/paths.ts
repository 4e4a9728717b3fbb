const SERVER_PREFIXES = ['/app/', '/app?', '/health', '/docs', '/ws'];

/** Paths the server answers itself; every other path belongs to the web app (history routing). */
export function isServerPath(url: string): boolean {
  return url === '/app' || SERVER_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** Paths answered with JSON or uploaded files rather than a page a browser renders. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/app/') || url.startsWith('/health') || url === '/app' || url.startsWith('/app?');
}
