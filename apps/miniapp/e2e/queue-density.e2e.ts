import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, PHONE } from './support/browser';
import { hostessApi, joinQueue, LONG_NAME, seedEvening } from './support/evening';
import { layoutProblems } from './support/layout';
import { createMember, forgetSession, HOSTESS, linkTelegram } from './support/people';
import { type RunningProduct, startProduct } from './support/product';
import { MARIA, signedInitData, telegramBridgeScript, telegramLaunchUrl } from './support/telegram-launch';

/**
 * Issue #34 (1): a Saturday evening on a hostess's phone inside Telegram (390x844): at least seven
 * waiting guests on the first screen, each row's party size its largest mark, every name on one
 * line (a long one ending in '…', never broken inside a word), the tabs on one line, and nothing
 * cut or too small to tap (the layout check's rules).
 */
describe('the live queue on a phone inside Telegram, on a busy evening', () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    await createMember(product.url, HOSTESS, 'Менеджер');
    await linkTelegram(product.url, HOSTESS.email, HOSTESS.password, signedInitData({ user: MARIA }));
    await seedEvening(product.url, await hostessApi(product.url));
    const more = ['Екатерина Смирнова', 'Алексей', 'Ирина Вольская', 'Тимур', 'Ольга Петрова-Водкина'];
    for (const [i, name] of more.entries())
      await joinQueue(product.url, {
        group_size: (i % 5) + 2,
        name,
        phone: `+7916700${2200 + i}`,
        comment: i % 2 ? 'аллергия на орехи, нужен детский стул' : '',
      });
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`shows at least seven waiting guests at 390x844, ${theme}`, async () => {
      const page = await browser.newPage(PHONE, { colorScheme: theme });
      await forgetSession(page, product.url);
      await page.addInitScript(telegramBridgeScript(theme));
      await page.goto(telegramLaunchUrl(product.url, '/restaurant/1', { user: MARIA, theme }));
      await page.getByTestId('queue-row').filter({ hasText: LONG_NAME }).waitFor();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));

      const rows = await page.getByTestId('queue-row').evaluateAll((els) => {
        const barTop =
          document.querySelector('.bottom-bar')?.getBoundingClientRect().top ?? window.innerHeight;
        return els.map((row) => {
          const box = row.getBoundingClientRect();
          const size = row.querySelector('.queue-row__size');
          const name = row.querySelector('.queue-row__who');
          const sizes = [...row.querySelectorAll('*')]
            .filter((el) => el !== size && el.childNodes.length > 0 && el.checkVisibility())
            .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim()))
            .map((el) => Number.parseFloat(getComputedStyle(el).fontSize));
          const nameStyle = name ? getComputedStyle(name) : null;
          return {
            visible: box.top >= 0 && box.bottom <= barTop,
            sizeFont: size?.checkVisibility() ? Number.parseFloat(getComputedStyle(size).fontSize) : 0,
            largestOther: Math.max(...sizes),
            nameOneLine: nameStyle?.whiteSpace === 'nowrap' && nameStyle.textOverflow === 'ellipsis',
          };
        });
      });
      expect(rows.filter((row) => row.visible).length).toBeGreaterThanOrEqual(7);
      for (const row of rows) {
        expect(row.sizeFont).toBeGreaterThan(row.largestOther);
        expect(row.nameOneLine).toBe(true);
      }
      // The long name ends in '…' on its one line: it is not broken inside a word.
      const long = page.getByTestId('queue-row').filter({ hasText: LONG_NAME }).locator('.queue-row__who');
      const [height, fontSize] = await long.evaluate((el) => [
        el.getBoundingClientRect().height,
        Number.parseFloat(getComputedStyle(el).fontSize),
      ]);
      expect(height).toBeLessThan(fontSize * 2);
      // The tabs keep one line.
      const tabTops = await page
        .getByRole('tab')
        .evaluateAll((tabs) => [...new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)))]);
      expect(tabTops).toHaveLength(1);
      expect(await layoutProblems(page, { targets: true })).toEqual([]);
      await page.close();
    });
  }
});
