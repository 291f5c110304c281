import { describe, expectTypeOf, it } from 'vitest';
import type { AccountAddress, AccountOrder, AccountWallet } from '../account-area.ts';
import type { User } from '../user.ts';
import type {
  accountAddressesEndpoint,
  accountCreateEndpoint,
  accountForgotEndpoint,
  accountInformationEndpoint,
  accountOrdersEndpoint,
  accountPasswordEndpoint,
  accountResetEndpoint,
  accountVerifyEndpoint,
  accountWalletEndpoint,
  addressCreateEndpoint,
  addressDeleteEndpoint,
  addressUpdateEndpoint,
  cardDeleteEndpoint,
} from './accounts.ts';
import type { DataOf } from './endpoint.ts';

// The server's responses pass these schemas unchanged: src/server/accounts/account-area.test.ts.
describe('the account endpoints', () => {
  it('respond with the account area’s orders, addresses and wallet', () => {
    expectTypeOf<DataOf<typeof accountOrdersEndpoint>>().toEqualTypeOf<AccountOrder[]>();
    expectTypeOf<DataOf<typeof accountAddressesEndpoint>>().toEqualTypeOf<AccountAddress[]>();
    expectTypeOf<DataOf<typeof addressCreateEndpoint>>().toEqualTypeOf<AccountAddress>();
    expectTypeOf<DataOf<typeof addressUpdateEndpoint>>().toEqualTypeOf<AccountAddress>();
    expectTypeOf<DataOf<typeof accountWalletEndpoint>>().toEqualTypeOf<AccountWallet>();
  });

  it('respond with the spec’s success bodies: a message, the user signed in, or nothing more', () => {
    expectTypeOf<DataOf<typeof accountCreateEndpoint>>().toEqualTypeOf<{ success: true; message: string }>();
    expectTypeOf<DataOf<typeof accountForgotEndpoint>>().toEqualTypeOf<{ success: true; message: string }>();
    expectTypeOf<DataOf<typeof accountPasswordEndpoint>>().toEqualTypeOf<{ success: true; message: string }>();
    expectTypeOf<DataOf<typeof accountVerifyEndpoint>>().toEqualTypeOf<{ success: true; data: { user: User } }>();
    expectTypeOf<DataOf<typeof accountResetEndpoint>>().toEqualTypeOf<{ success: true; data: { user: User } }>();
    expectTypeOf<DataOf<typeof accountInformationEndpoint>>().toEqualTypeOf<{
      success: true;
      message: string;
      data: { user: User };
    }>();
    expectTypeOf<DataOf<typeof addressDeleteEndpoint>>().toEqualTypeOf<{ success: true }>();
    expectTypeOf<DataOf<typeof cardDeleteEndpoint>>().toEqualTypeOf<{ success: true }>();
  });
});
