/** The Sabai lotus mark, drawn inline so the header needs no extra request. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="#1890FF" />
      <path d="M32 14c5 6 7 12 7 18s-3 11-7 14c-4-3-7-8-7-14s2-12 7-18Z" fill="#fff" />
      <path
        d="M14 30c7 0 12 3 15 8 1 2 2 5 3 8-6 0-11-2-14-6-2-3-4-6-4-10Zm36 0c0 4-2 7-4 10-3 4-8 6-14 6 1-3 2-6 3-8 3-5 8-8 15-8Z"
        fill="#fff"
        opacity="0.85"
      />
    </svg>
  );
}
