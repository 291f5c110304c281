import type { ButtonHTMLAttributes } from 'react';

/**
 * The shop's button looks: primary (the accent colour, for the one action a view leads to), ink (filled with
 * the text colour, beside a field it submits), outline (an ink border that fills on hover) and plain
 * (underlined text). Size, spacing, width and display stay with
 * the caller's className, so a look never fights a layout.
 */
export type ButtonVariant = 'primary' | 'ink' | 'outline' | 'plain';

/** md is the body's small text, sm the smaller labels beside form fields and filters. */
export type ButtonSize = 'md' | 'sm';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-ink transition-opacity hover:opacity-90',
  ink: 'bg-ink text-page transition-opacity hover:opacity-85',
  outline: 'border border-ink transition-colors hover:bg-ink hover:text-page',
  plain: 'underline underline-offset-4 hover:text-ink-muted',
};

const SIZES: Record<ButtonSize, string> = { md: 'text-sm', sm: 'text-xs' };

/**
 * The classes of a button look, for a link that leads where a button would act (Checkout, Shop now).
 * Disabled looks faded; pending (aria-busy) shows the progress cursor.
 */
export function buttonStyles(variant: ButtonVariant, className = '', size: ButtonSize = 'md'): string {
  const look = `${SIZES[size]} font-bold uppercase tracking-widest ${VARIANTS[variant]} disabled:cursor-not-allowed disabled:opacity-50 aria-busy:cursor-progress`;
  return className ? `${look} ${className}` : look;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant: ButtonVariant;
  size?: ButtonSize;
  /** A request of this button is running: the button is disabled and busy until it settles. */
  pending?: boolean;
};

/** A button with one of the shop's looks; type defaults to "button", so it submits a form only when asked. */
export function Button({
  variant,
  size = 'md',
  pending = false,
  disabled,
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || props['aria-busy'] || undefined}
      className={buttonStyles(variant, className, size)}
    />
  );
}
