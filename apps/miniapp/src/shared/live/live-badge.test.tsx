import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveBadge, shownDataAt } from './live-badge';

const at = (hh: number, mm: number) => new Date(2026, 10, 24, hh, mm).getTime();

/** A screen showing two queries kept on the device, fetched at different times, opened offline. */
function OfflineScreen({ dataAt, status }: { dataAt?: number; status: 'connecting' | 'offline' }) {
  useQuery({
    queryKey: ['tables'],
    queryFn: () => new Promise(() => {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
  useQuery({
    queryKey: ['bookings'],
    queryFn: () => new Promise(() => {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return <LiveBadge state={{ status, lastHeard: null }} {...(dataAt ? { dataAt } : {})} />;
}

function renderOffline(dataAt?: number) {
  const client = new QueryClient();
  client.setQueryData(['tables'], [], { updatedAt: at(14, 5) });
  client.setQueryData(['bookings'], [], { updatedAt: at(14, 20) });
  // Not on this screen: its time says nothing about what is shown.
  client.setQueryData(['orders'], [], { updatedAt: at(9, 0) });
  // As in the app: the screen opens connecting, and learns it is offline a moment later.
  const view = (status: 'connecting' | 'offline') => (
    <QueryClientProvider client={client}>
      <OfflineScreen status={status} {...(dataAt ? { dataAt } : {})} />
    </QueryClientProvider>
  );
  const { rerender } = render(view('connecting'));
  rerender(view('offline'));
  return client;
}

describe('the live badge offline', () => {
  it("says since when the screen's data is: the oldest of what the screen shows", () => {
    const client = renderOffline();
    expect(screen.getByRole('status').textContent).toBe('Нет связи. Данные на 14:05');
    expect(shownDataAt(client)).toBe(at(14, 5));
  });

  it('takes the time a screen gives it, and the time the stream was last heard before either', () => {
    renderOffline(at(14, 30));
    expect(screen.getByRole('status').textContent).toBe('Нет связи. Данные на 14:30');
  });

  it('says — when nothing is known', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LiveBadge state={{ status: 'offline', lastHeard: null }} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Нет связи. Данные на —');
  });
});
