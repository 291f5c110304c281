import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/**
 * The look of the shop's text inputs and dropdowns: 16px text, so phones do not zoom in on focus, and room
 * around a field scrolled into view by its focus, so its label above and its message below show with it.
 */
export const FIELD_CLASSES =
  'min-h-12 w-full scroll-my-12 border border-line bg-surface px-3 text-base text-ink placeholder:text-ink-muted aria-invalid:border-danger disabled:opacity-60';

export interface FieldFrameProps {
  label: string;
  /** The control's id; the label names it and the error describes it. */
  id: string;
  error?: string | undefined;
  /** What the field asks for (a password's rules), below the control and read with it. */
  hint?: string | undefined;
  /** The message is read out as it appears (a card declined at Place order), not only when the field is reached. */
  announce?: boolean;
  className?: string;
  children: (described: { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}

/** A label above its control and the field's message below it, never over it. */
export function FieldFrame({ label, id, error, hint, announce = false, className = '', children }: FieldFrameProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children({ 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role={announce ? 'alert' : undefined} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  ref?: Ref<HTMLInputElement>;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  announce?: boolean;
  className?: string;
};

/** A labelled text input with its message. */
export function TextField({ label, error, hint, announce, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame
      label={label}
      id={id}
      error={error}
      hint={hint}
      {...(announce ? { announce } : {})}
      {...(className ? { className } : {})}
    >
      {(described) => <input id={id} {...input} {...described} className={FIELD_CLASSES} />}
    </FieldFrame>
  );
}

/** A labelled e-mail address input: the e-mail keyboard, no spell checking, filled from the browser's addresses. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'spellCheck'>) {
  return <TextField autoComplete="email" {...props} type="email" inputMode="email" spellCheck={false} />;
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & {
  label: string;
  error?: string | undefined;
  className?: string;
};

/** A labelled text area with its message: several lines of text, such as a gift message. */
export function TextAreaField({ label, error, className, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame label={label} id={id} error={error} {...(className ? { className } : {})}>
      {(described) => <textarea id={id} rows={3} {...textarea} {...described} className={`${FIELD_CLASSES} py-2`} />}
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
  label: string;
  error?: string | undefined;
  className?: string;
  /** The first, empty option ('Select a State'). */
  placeholder: string;
  options: ReadonlyArray<{ code: string; name: string }>;
};

/** A labelled dropdown with an empty first option and its message. */
export function SelectField({ label, error, className, placeholder, options, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame label={label} id={id} error={error} {...(className ? { className } : {})}>
      {(described) => (
        <select id={id} {...select} {...described} className={FIELD_CLASSES}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
