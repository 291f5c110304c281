import { MESSAGES } from '../../shared/messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/validators.ts';
import { TextField } from './form-field.tsx';

interface FieldState {
  name: string;
  errors?: string[] | undefined;
}

/** A new password with the shared rules under it; the browser may offer to make one. */
export function NewPasswordField({ label, name, error }: { label: string; name: string; error: string | undefined }) {
  return (
    <TextField
      label={label}
      name={name}
      error={error}
      hint={MESSAGES.passwordRules(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH)}
      type="password"
      autoComplete="new-password"
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
    />
  );
}

/** A new password and the same typed again (the reset form, the password change), with the shared rules. */
export function NewPasswordFields({ password, confirm }: { password: FieldState; confirm: FieldState }) {
  return (
    <>
      <NewPasswordField label={MESSAGES.newPassword} name={password.name} error={password.errors?.[0]} />
      <TextField
        label={MESSAGES.confirmNewPassword}
        name={confirm.name}
        error={confirm.errors?.[0]}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
