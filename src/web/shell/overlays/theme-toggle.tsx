import { useId, type ReactNode } from 'react';
import { MESSAGES } from '../../../shared/messages.ts';
import { useEasterEggs, useThemeOverride, type ThemeOverride } from '../../lib/theme.ts';
import { MonitorIcon, MoonIcon, SunIcon } from '../../ui/icons.tsx';

const CHOICES: { value: ThemeOverride; label: string; icon: ReactNode }[] = [
  {
    value: null,
    label: MESSAGES.themeSystem,
    icon: <MonitorIcon className="size-4" strokeWidth={2} />,
  },
  {
    value: 'light',
    label: MESSAGES.themeLight,
    icon: <SunIcon className="size-4" strokeWidth={2} />,
  },
  {
    value: 'dark',
    label: MESSAGES.themeDark,
    icon: <MoonIcon className="size-4" strokeWidth={2} />,
  },
];

/**
 * The local theme override (spec 1): System, Light or Dark as a radio group, shown only once easter eggs are
 * enabled. Mounted always, it also keeps <html data-theme> in step with the stored override.
 */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const [override, setOverride] = useThemeOverride();
  const enabled = useEasterEggs();
  const name = useId();
  if (!enabled) return null;
  return (
    <fieldset
      className={`inline-flex rounded-full border border-line bg-surface-muted p-1 text-xs font-semibold ${className}`}
    >
      <legend className="sr-only">{MESSAGES.colorTheme}</legend>
      {CHOICES.map((choice) => (
        <label
          key={choice.label}
          className="relative inline-flex cursor-pointer items-center gap-1.5 rounded-full px-3 py-1.5 text-ink-muted transition-colors hover:text-ink has-checked:bg-ink has-checked:text-page has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink"
        >
          <input
            type="radio"
            name={name}
            className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-full opacity-0"
            checked={override === choice.value}
            onChange={() => setOverride(choice.value)}
          />
          {choice.icon}
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}
