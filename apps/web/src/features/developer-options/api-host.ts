/**
 * The API host override typed into the developer options: an http(s) origin, optionally with a
 * path prefix (a test server behind a proxy), no query or fragment. Answers the value to store
 * (no trailing slash) or null when the text is not such an address.
 */
export function normaliseApiHost(text: string): string | null {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.search || url.hash || url.username || url.password || !url.hostname) return null;
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path}`;
}
