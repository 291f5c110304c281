import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type {
  accountAddressesSchema,
  accountOrdersSchema,
  accountWalletSchema,
  savedCardsSchema,
  cataloguePageSchema,
} from './api-schemas.ts';
import type { AccountAddress, AccountOrder, AccountWallet } from './account-area.ts';
import type { CataloguePage } from './catalogue-search/catalogue-page.ts';

// The server's answers pass these schemas unchanged: src/server/http/response-schemas.test.ts.
describe('the API schemas read exactly the types of src/shared', () => {
  it('catalogue page', () => {
    expectTypeOf<z.infer<typeof cataloguePageSchema>>().toEqualTypeOf<CataloguePage>();
  });

  it('the account area’s orders, addresses and wallet', () => {
    expectTypeOf<z.infer<typeof accountOrdersSchema>>().toEqualTypeOf<AccountOrder[]>();
    expectTypeOf<z.infer<typeof accountAddressesSchema>>().toEqualTypeOf<AccountAddress[]>();
    expectTypeOf<z.infer<typeof accountWalletSchema>>().toEqualTypeOf<AccountWallet>();
    expectTypeOf<z.infer<typeof savedCardsSchema>>().toEqualTypeOf<Pick<AccountWallet, 'cards'>>();
  });
});
