import type { BookingLabel } from '@stolik/domain';
import { useTranslation } from '../i18n/i18n';
import { BOOKING_TONE } from '../status/status';
import { StatusPill } from '../status/status-icon';

/** A booking's label in its status colour and icon, always with the words (UX.md: never colour alone). */
export function StatusBadge({ label }: { label: BookingLabel }) {
  const { t } = useTranslation();
  return <StatusPill tone={BOOKING_TONE[label]}>{t(`bookingStatuses.${label}`)}</StatusPill>;
}
