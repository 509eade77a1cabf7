import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDialogsInJsdom } from '../../test/dialogs';
import { fakeTelegram } from '../../test/fake-telegram';
import { renderAt } from '../../test/render';
import { installTelegramAdapter } from '../telegram/telegram';
import { Sheet } from './sheet';

beforeAll(openDialogsInJsdom);
afterEach(() => installTelegramAdapter(null));

function SheetOverScreen() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'sheet open' : 'sheet closed'}</p>
      <Sheet open={open} title="Новый гость" onClose={() => setOpen(false)}>
        <p>form</p>
      </Sheet>
    </>
  );
}

describe('a sheet', () => {
  it("closes with Telegram's BackButton inside Telegram, without a 'Закрыть' of its own", async () => {
    const telegram = fakeTelegram();
    renderAt(<SheetOverScreen />);
    await screen.findByText('form');
    expect(telegram.backButtonShown()).toBe(true);
    expect(screen.queryByRole('button', { name: 'Закрыть' })).toBeNull();
    telegram.pressBackButton();
    expect(screen.getByText('sheet closed')).toBeTruthy();
    expect(telegram.backButtonShown()).toBe(false);
  });

  it("closes with its own 'Закрыть' in a browser", async () => {
    renderAt(<SheetOverScreen />);
    await screen.findByText('form');
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.getByText('sheet closed')).toBeTruthy();
  });
});
