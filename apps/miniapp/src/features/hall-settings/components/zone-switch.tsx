import type { ZoneSchedule } from '@stolik/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hallKeys, setZoneActive } from '../../../shared/hall/hall-api';
import { useTranslation } from '../../../shared/i18n/i18n';
import { formErrorsOf } from '../../../shared/ui/form-errors';
import { showToast } from '../../../shared/ui/toast';
import { problemOf } from '../form-check';

/**
 * A zone on or off (spec §7 update_zone_schedule, active 1/0): switched at once on screen, back with
 * the server's reason if it refuses. The API keeps the flag until it is switched again.
 */
export function ZoneSwitch({ restaurantId, schedule }: { restaurantId: number; schedule: ZoneSchedule }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = hallKeys.zoneSchedules(restaurantId);
  const put = (active: boolean) =>
    queryClient.setQueryData<ZoneSchedule[]>(key, (list) =>
      list?.map((zone) => (zone.zone === schedule.zone ? { ...zone, active } : zone)),
    );
  const switching = useMutation({
    mutationFn: (active: boolean) => setZoneActive(restaurantId, schedule.zone, active),
    onMutate: async (active) => {
      await queryClient.cancelQueries({ queryKey: key });
      put(active);
    },
    onSuccess: (saved) =>
      showToast(
        t(saved.active ? 'hallSettings.zoneSwitch.on' : 'hallSettings.zoneSwitch.off', { name: saved.name }),
      ),
    onError: (error, active) => {
      put(!active);
      showToast(
        problemOf(formErrorsOf(error, t('hallSettings.saveFailed'))) ?? t('hallSettings.saveFailed'),
        'error',
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: hallKeys.all(restaurantId) }),
  });
  return (
    <label className="hall-switch">
      <input
        type="checkbox"
        role="switch"
        checked={schedule.active}
        aria-checked={schedule.active}
        disabled={switching.isPending}
        aria-label={t('hallSettings.zoneSwitch.label', { name: schedule.name })}
        onChange={(event) => switching.mutate(event.target.checked)}
      />
      <span className="hall-switch__track" aria-hidden="true" />
      <span className="hall-switch__text" aria-hidden="true">
        {t('hallSettings.zoneSwitch.working')}
      </span>
    </label>
  );
}
