import './guest-frame.css';
import { type CSSProperties, createContext, type ReactNode, useState } from 'react';

export interface FrameStyle {
  restaurant: number;
  style: CSSProperties;
}

export const FrameContext = createContext<((style: FrameStyle | null) => void) | null>(null);

/**
 * The frame of the screens outside the staff shell. Kept apart from `useGuestStyle` (beside it):
 * the frame is on every public page, /login included, and the palette's checks bring the contract
 * schemas (zod), which only a guest's screen needs. A guest's screen that knows its restaurant
 * dresses it in the restaurant's palette and font (`useGuestStyle`): the whole page, header and
 * background included, and nothing outside it.
 */
export function GuestFrame({ className, children }: { className: string; children: ReactNode }) {
  const [applied, setApplied] = useState<FrameStyle | null>(null);
  return (
    <FrameContext.Provider value={setApplied}>
      <div
        className={applied ? `${className} guest-frame--styled` : className}
        style={applied?.style}
        data-guest-style={applied?.restaurant}
        data-testid="guest-frame"
      >
        {children}
      </div>
    </FrameContext.Provider>
  );
}
