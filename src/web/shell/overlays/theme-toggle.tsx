import { useId, type ReactNode } from 'react';
import { MESSAGES } from '../../../shared/messages.ts';
import { useEasterEggs, useThemeOverride, type ThemeOverride } from '../../lib/theme.ts';

const iconProps = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  className: 'size-4',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const CHOICES: { value: ThemeOverride; label: string; icon: ReactNode }[] = [
  {
    value: null,
    label: MESSAGES.themeSystem,
    icon: (
      <svg {...iconProps}>
        <rect x="3" y="4" width="18" height="12" rx="2" />
        <path d="M8 20h8M12 16v4" />
      </svg>
    ),
  },
  {
    value: 'light',
    label: MESSAGES.themeLight,
    icon: (
      <svg {...iconProps}>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
    ),
  },
  {
    value: 'dark',
    label: MESSAGES.themeDark,
    icon: (
      <svg {...iconProps}>
        <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
      </svg>
    ),
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
    <fieldset className={`inline-flex rounded-full border border-line bg-surface-muted p-1 text-xs font-semibold ${className}`}>
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
