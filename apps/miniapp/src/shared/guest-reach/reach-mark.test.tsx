import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { MessageLog, ReachMark } from './reach-mark';

const AT = '2026-11-28T16:43:00.000Z';

describe('how a guest was reached', () => {
  it('says channel, state and the restaurant-clock time; a row says it short, with the words for readers', async () => {
    renderAt(
      <ReachMark reach={{ channel: 'sms', state: 'delivered', at: AT }} timeZone="Europe/Moscow" compact />,
    );
    const mark = await screen.findByTestId('reach-mark');
    expect(mark.getAttribute('title')).toBe('SMS · доставлено · 19:43');
    expect(mark.textContent).toContain('SMS ✓✓');
    expect(mark.className).toContain('reach-mark--plain');
  });

  it('marks an answer and a guest never reached apart', async () => {
    renderAt(
      <>
        <ReachMark reach={{ channel: 'telegram', state: 'not_coming', at: AT }} timeZone="Europe/Moscow" />
        <ReachMark reach={{ channel: null, state: 'unreached', at: AT }} timeZone="Europe/Moscow" />
      </>,
    );
    const [answered, unreached] = await screen.findAllByTestId('reach-mark');
    expect(answered?.textContent).toBe('Telegram · ответил «Не приду» · 19:43');
    expect(answered?.className).toContain('reach-mark--bad');
    expect(unreached?.textContent).toBe('не дозвались · 19:43');
  });

  it('lists each channel tried, with the reason a hostess can act on', async () => {
    renderAt(
      <MessageLog
        timeZone="Europe/Moscow"
        messages={[
          {
            id: 1,
            kind: 'called',
            created: AT,
            reach: { channel: 'sms', state: 'sent', at: AT },
            attempts: [
              {
                channel: 'telegram',
                status: 'failed',
                error: '403: Forbidden',
                created: AT,
                sent_time: null,
                delivered_time: null,
                failed_time: AT,
              },
              {
                channel: 'push',
                status: 'failed',
                error: 'no_subscription',
                created: AT,
                sent_time: null,
                delivered_time: null,
                failed_time: AT,
              },
              {
                channel: 'sms',
                status: 'sent',
                error: null,
                created: AT,
                sent_time: AT,
                delivered_time: null,
                failed_time: null,
              },
            ],
          },
        ]}
      />,
    );
    expect(await screen.findByText('Столик готов')).toBeTruthy();
    const items = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-channel'));
    expect(items.map((li) => li.textContent)).toEqual([
      'Telegram не доставлено',
      'Push не доставлено — гость не включил уведомления',
      'SMS отправлено в 19:43',
    ]);
  });
});
