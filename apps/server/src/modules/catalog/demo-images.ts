/**
 * Demo pictures drawn on request: a soft gradient and a simple figure or emblem, coloured from a
 * hash of the name so every therapist, store and project looks different and stays the same.
 */
const NAME = /^(avatar|photo|project|store|banner|licence|category)-([a-z0-9-]{1,40})\.svg$/;

export const isDemoImageName = (name: string) => NAME.test(name);

/** Where demo pictures are served; demo rows are recognised by it. */
export const DEMO_IMAGE_PATH = '/app/media/demo/';

/** The URL of a demo picture, as stored in demo rows. */
export const demoImageUrl = (kind: string, key: string) => `${DEMO_IMAGE_PATH}${kind}-${key}.svg`;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const EMBLEMS: Record<string, string> = {
  // A lotus, a stone stack, a foot, a drop, a leaf: enough variety for the eight demo projects.
  lotus:
    '<path d="M200 210c-30-40-30-80 0-110 30 30 30 70 0 110zm0 0c-50-10-80-40-90-80 40 0 75 30 90 80zm0 0c50-10 80-40 90-80-40 0-75 30-90 80z"/>',
  stones:
    '<ellipse cx="200" cy="215" rx="70" ry="22"/><ellipse cx="200" cy="175" rx="52" ry="18"/><ellipse cx="200" cy="142" rx="34" ry="14"/>',
  drop: '<path d="M200 90c35 55 55 85 55 112a55 55 0 0 1-110 0c0-27 20-57 55-112z"/>',
  leaf: '<path d="M130 220c0-80 60-130 150-130-5 90-60 140-140 140l-10 10z"/>',
};

export function demoImageSvg(name: string): string {
  const match = NAME.exec(name);
  const kind = match?.[1] ?? 'photo';
  const key = match?.[2] ?? '';
  const h = hash(name);
  const hue = h % 360;
  const hue2 = (hue + 40) % 360;
  const background = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,78%)"/><stop offset="1" stop-color="hsl(${hue2},60%,58%)"/></linearGradient></defs><rect width="400" height="300" fill="url(#g)"/>`;
  let figure: string;
  if (kind === 'avatar') {
    const female = key.startsWith('female');
    const hair = female
      ? `<path d="M145 120c0-45 25-70 55-70s55 25 55 70v70h-110z" fill="hsl(${(hue + 200) % 360},30%,25%)"/>`
      : `<path d="M152 105c0-35 20-52 48-52s48 17 48 52c-20-12-70-12-96 0z" fill="hsl(${(hue + 200) % 360},30%,25%)"/>`;
    figure = `${hair}<circle cx="200" cy="120" r="44" fill="hsl(28,55%,72%)"/><path d="M110 300c0-60 40-100 90-100s90 40 90 100z" fill="hsl(${hue},45%,40%)"/>`;
  } else {
    const emblems = Object.values(EMBLEMS);
    const emblem = emblems[h % emblems.length];
    figure = `<g fill="rgba(255,255,255,0.85)">${emblem}</g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300">${background}${figure}</svg>`;
}
