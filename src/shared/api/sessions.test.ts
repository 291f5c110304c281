import { describe, expectTypeOf, it } from 'vitest';
import type { CaptchaBrowserSettings } from '../captcha.ts';
import type { User } from '../user.ts';
import type { DataOf } from './endpoint.ts';
import type { logoutEndpoint, refreshUserEndpoint } from './sessions.ts';
import type { captchaTokenEndpoint, loginEndpoint } from './sign-in.ts';

describe('the session and sign-in endpoints', () => {
  it('respond with the captcha’s settings, the user, and the spec’s success bodies of signing in and out', () => {
    expectTypeOf<DataOf<typeof captchaTokenEndpoint>>().toEqualTypeOf<CaptchaBrowserSettings>();
    expectTypeOf<DataOf<typeof refreshUserEndpoint>>().toEqualTypeOf<User>();
    expectTypeOf<DataOf<typeof loginEndpoint>>().toEqualTypeOf<{ success: true; data: { user: User } }>();
    expectTypeOf<DataOf<typeof logoutEndpoint>>().toEqualTypeOf<{ success: true; message: string }>();
  });
});
