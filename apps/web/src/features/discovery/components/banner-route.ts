/** Spec paths in banner links ("pages/instore/index") → this app's routes ("/instore"). */
export function bannerRoute(link: string): string | undefined {
  if (/^https?:\/\//.test(link)) return link;
  const path = `/${link.replace(/^\/+/, '').replace(/^pages\//, '')}`
    .replace(/^\/index\/index$/, '/')
    .replace(/\/index$/, '');
  return path || '/';
}
