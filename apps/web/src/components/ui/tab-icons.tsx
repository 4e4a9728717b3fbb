import type { ReactNode } from 'react';

/**
 * Tab bar (and Home search) icons, drawn as light strokes in `currentColor`. Hand-made rather than antd-mobile-icons:
 * they ship in the first-load bundle, where every hundred bytes counts.
 */
function StrokeIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const HomeIcon = () => (
  <StrokeIcon>
    <path d="M3.5 10.5 12 3.5l8.5 7V20a.5.5 0 0 1-.5.5h-5v-6H9v6H4a.5.5 0 0 1-.5-.5Z" />
  </StrokeIcon>
);

export const StoreIcon = () => (
  <StrokeIcon>
    <path d="M4 9.5 5.5 4h13L20 9.5M4 9.5h16M4 9.5a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0 2.7 2.7 0 0 0 5.3 0M5 12v8.5h14V12M10 20.5V16h4v4.5" />
  </StrokeIcon>
);

/** The spec's centre "book" button: an open book. */
export const BookIcon = () => (
  <StrokeIcon>
    <path d="M12 6.5C10.3 5.2 7.9 4.5 4.5 4.5H3v13h1.5c3.2 0 5.5.7 7.5 2 2-1.3 4.3-2 7.5-2H21v-13h-1.5c-3.4 0-5.8.7-7.5 2Zm0 0v13" />
  </StrokeIcon>
);

export const OrdersIcon = () => (
  <StrokeIcon>
    <path d="M9 3.5h6v3H9zM7 5H5.5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h13a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1H17M8 11h8M8 15h5" />
  </StrokeIcon>
);

export const UserIcon = () => (
  <StrokeIcon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20.5a8 8 0 0 1 16 0" />
  </StrokeIcon>
);

/** Home's search entry (a magnifier in the same strokes: antd-mobile-icons' costs 0.8 KB more on the first screen). */
export const SearchIcon = () => (
  <StrokeIcon>
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="m15.5 15.5 5 5" />
  </StrokeIcon>
);
