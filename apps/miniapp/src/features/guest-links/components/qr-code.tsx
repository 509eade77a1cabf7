import { create } from 'qrcode';

/** Modules of white space around the code: the quiet zone readers need (the standard asks for 4). */
const QUIET = 4;

export interface QrMatrix {
  /** Modules per side, quiet zone included. */
  size: number;
  isDark: (row: number, column: number) => boolean;
}

/** The QR code of a text, encoded by the `qrcode` library (error correction M: survives a smudge). */
export function qrMatrix(value: string): QrMatrix {
  const { modules } = create(value, { errorCorrectionLevel: 'M' });
  return {
    size: modules.size + QUIET * 2,
    isDark: (row, column) => {
      const r = row - QUIET;
      const c = column - QUIET;
      return r >= 0 && c >= 0 && r < modules.size && c < modules.size && Boolean(modules.get(r, c));
    },
  };
}

/** The code as one SVG path of unit squares: crisp at any size, on screen and in print. */
function qrPath(matrix: QrMatrix): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row += 1) {
    for (let column = 0; column < matrix.size; column += 1) {
      if (matrix.isDark(row, column)) parts.push(`M${column} ${row}h1v1h-1z`);
    }
  }
  return parts.join('');
}

/**
 * A QR code drawn as SVG. Always black on white whatever the theme: phone cameras read dark
 * modules on a light ground most reliably.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const matrix = qrMatrix(value);
  return (
    <svg
      className={className ?? 'qr-code'}
      viewBox={`0 0 ${matrix.size} ${matrix.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-qr-value={value}
    >
      <rect width={matrix.size} height={matrix.size} fill="#fff" />
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}
