import { useTranslation } from '../i18n/i18n';
import { MoonIcon, SunIcon } from '../ui/icons';
import { useTheme } from './theme';

/** The light/dark switch of a browser (none inside Telegram, whose theme rules). */
export function ThemeToggle({
  withLabel = false,
  hideLabel = false,
  className = 'icon-button',
}: {
  withLabel?: boolean;
  /** Keeps the label for screen readers only (the collapsed side menu). */
  hideLabel?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  if (!theme.canToggle) return null;
  const label = theme.appearance === 'dark' ? t('nav.themeLight') : t('nav.themeDark');
  return (
    <button
      type="button"
      className={className}
      onClick={theme.toggle}
      aria-label={withLabel ? undefined : label}
      title={label}
    >
      {theme.appearance === 'dark' ? (
        <SunIcon size={withLabel ? 22 : 20} />
      ) : (
        <MoonIcon size={withLabel ? 22 : 20} />
      )}
      {withLabel ? <span className={hideLabel ? 'visually-hidden' : undefined}>{label}</span> : null}
    </button>
  );
}
