import { useTranslation } from '../../../shared/i18n/i18n';
import { QrCode, qrMatrix } from './qr-code';

export interface SignForm {
  /** 'Встать в очередь' / 'Забронировать стол'. */
  title: string;
  link: string;
}

/** The link as people read it: no scheme, no trailing slash ('stolik.ru/guest/1/queue'). */
export const shortLink = (link: string) => link.replace(/^https?:\/\//, '').replace(/\/$/, '');

/**
 * The sign for the door: the restaurant's name, what to do, and a QR code with its short link per
 * form. A6 proportions on screen; `@media print` (guest-links.css) prints it alone, A6 on the page.
 */
export function DoorSign({ restaurantName, forms }: { restaurantName: string; forms: SignForm[] }) {
  const { t } = useTranslation();
  return (
    <article
      className={`door-sign door-sign--${forms.length === 1 ? 'one' : 'two'}`}
      aria-label={t('guestLinks.sign')}
    >
      <h2 className="door-sign__name">{restaurantName}</h2>
      <p className="door-sign__hint">{t('guestLinks.signScan')}</p>
      {forms.map((form) => (
        <section key={form.link} className="door-sign__form">
          <h3 className="door-sign__title">{form.title}</h3>
          <QrCode
            value={form.link}
            label={t('guestLinks.qr', { link: form.link })}
            className="door-sign__qr"
          />
          <p className="door-sign__link">{shortLink(form.link)}</p>
        </section>
      ))}
    </article>
  );
}

/** A6 at 300 dpi: the PNG prints sharp at its real size. */
const WIDTH = 1240;
const HEIGHT = 1748;

/** Writes `text` centred at y, shrinking the font until it fits the width. */
function centredText(ctx: CanvasRenderingContext2D, text: string, y: number, size: number, weight: number) {
  let font = size;
  do {
    ctx.font = `${weight} ${font}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;
    font -= 2;
  } while (ctx.measureText(text).width > WIDTH - 120 && font > 16);
  ctx.fillText(text, WIDTH / 2, y);
}

/** The same sign drawn on a canvas, as a PNG file to send to a print shop or a colleague. */
export async function doorSignPng(
  restaurantName: string,
  scanHint: string,
  forms: SignForm[],
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = '#000';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  centredText(ctx, restaurantName, 150, 84, 700);
  ctx.fillStyle = '#333';
  centredText(ctx, scanHint, 225, 40, 400);
  const qrSize = forms.length === 1 ? 900 : 520;
  const blockHeight = forms.length === 1 ? 1400 : 740;
  forms.forEach((form, index) => {
    const top = 290 + index * blockHeight;
    ctx.fillStyle = '#000';
    centredText(ctx, form.title, top + 60, 60, 700);
    const matrix = qrMatrix(form.link);
    const module = Math.floor(qrSize / matrix.size);
    const drawn = module * matrix.size;
    const left = Math.round((WIDTH - drawn) / 2);
    const qrTop = top + 90;
    for (let row = 0; row < matrix.size; row += 1) {
      for (let column = 0; column < matrix.size; column += 1) {
        if (matrix.isDark(row, column))
          ctx.fillRect(left + column * module, qrTop + row * module, module, module);
      }
    }
    ctx.fillStyle = '#333';
    centredText(ctx, shortLink(form.link), qrTop + drawn + 50, 36, 400);
  });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no png'))), 'image/png'),
  );
}
