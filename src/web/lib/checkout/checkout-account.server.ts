import { accountAddressesEndpoint, accountWalletEndpoint } from '../../../shared/api/accounts.ts';
import type { ServerApi } from '../../../shared/load-context.ts';
import { loadOptionalEndpoint } from '../load-api.server.ts';
import type { CheckoutAccountData } from './checkout-account.ts';

/**
 * Checkout loads the signed-in customer's saved cards and address book with itself, so the form is filled and
 * the pickers are there when it is drawn; a guest (the account answers 401), or a wallet that cannot be read,
 * has neither and is taken for a guest. An address book that cannot be read only leaves the form empty.
 */
export async function loadCheckoutAccount(context: { api: ServerApi }): Promise<CheckoutAccountData> {
  const [wallet, addresses] = await Promise.all([
    loadOptionalEndpoint(context, accountWalletEndpoint, {}),
    loadOptionalEndpoint(context, accountAddressesEndpoint, {}),
  ]);
  return { savedCards: wallet?.cards ?? [], addresses: wallet ? (addresses ?? []) : [], signedIn: wallet !== null };
}
