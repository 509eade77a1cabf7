import type { BookingLabel } from '@stolik/domain';
import { useTranslation } from 'react-i18next';

/** A booking's label in its status colour, always with the words (UX.md: never colour alone). */
export function StatusBadge({ label }: { label: BookingLabel }) {
  const { t } = useTranslation();
  return (
    <span className="booking-badge booking-colour" data-label={label}>
      {t(`bookingStatuses.${label}`)}
    </span>
  );
}
