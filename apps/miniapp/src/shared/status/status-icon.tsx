import type { ReactNode } from 'react';
import type { StatusTone } from './status';

/** Each tone's mark, drawn on a 24 px grid with a 2 px stroke (the app's icon style). */
const MARKS: Record<StatusTone, ReactNode> = {
  // A question: waits for the restaurant's answer.
  request: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17h.01" />
    </>
  ),
  // A clock: expected at a time.
  waiting: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  // A bell: called to the stand.
  called: <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 21h4" />,
  // Walking in through a door.
  arrived: <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M4 12h11M11 8l4 4-4 4" />,
  // A chair, from the front: its back, its seat, its legs.
  seated: <path d="M7 11V5a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v6M5 11h14v4H5zM7 15v6M17 15v6" />,
  // An hourglass run out: the time has passed and nobody came.
  late: <path d="M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9s8 4 8 9" />,
  // '!' in a circle: past the end, act now.
  overdue: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v6M12 16.5h.01" />
    </>
  ),
  // A list: on the waiting list.
  reserve: <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />,
  // A tick: done.
  finished: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  // A cross: called off.
  cancelled: <path d="M6 6l12 12M18 6L6 18" />,
  // An empty ring: nothing on it.
  free: <circle cx="12" cy="12" r="7" />,
  // A padlock: closed.
  locked: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </>
  ),
};

/** A tone's icon in its colour (or the caller's currentColor); decorative: the word beside it speaks. */
export function StatusIcon({ tone, size = 14 }: { tone: StatusTone; size?: number }) {
  return (
    <svg
      className="status-icon"
      data-tone={tone}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.25}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {MARKS[tone]}
    </svg>
  );
}

/**
 * The same icon inside an SVG drawing (the map), centred on (x, y), `size` units wide; its colour
 * comes from CSS (stroke: currentColor).
 */
export function StatusMark({ tone, x, y, size }: { tone: StatusTone; x: number; y: number; size: number }) {
  const k = size / 24;
  return (
    <g
      className="status-mark"
      data-tone={tone}
      transform={`translate(${x - size / 2} ${y - size / 2}) scale(${k})`}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {MARKS[tone]}
    </g>
  );
}

/** A status in words with its icon, in its tone's ink on its wash (a badge). */
export function StatusPill({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <span className="status-pill" data-tone={tone}>
      <StatusIcon tone={tone} size={13} />
      <span className="status-pill__text">{children}</span>
    </span>
  );
}
