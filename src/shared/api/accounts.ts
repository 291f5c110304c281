/**
 * The account calls under /session-api/account: creation, confirmation, the forgotten password and its reset
 * (for guests), and the account area of the signed-in customer (information, password, orders, address book,
 * wallet). The guests' calls and the password and information changes respond with the spec's success bodies
 * (`{success: true, ...}`), whole; the account area's data comes in `{data}`.
 */
import * as z from 'zod/mini';
import { userSchema } from '../user.ts';
import { endpoint } from './endpoint.ts';
import { captchaFields, rememberMeSchema, signedInSchema, textField } from './sign-in.ts';
import { addressSchema } from './shared-schemas.ts';

/** The success body of a call whose outcome is a message for the shopper. */
const messageSchema = z.object({ success: z.literal(true), message: z.string() });

/** The success body of a removal, which says nothing more. */
const doneSchema = z.object({ success: z.literal(true) });

/** A confirmation or reset link's customer and token. */
const linkFields = { customerId: textField('customerId', 100), token: textField('token', 100) };

/** An address or saved card of the customer's, by its id. */
const idParams = z.object({ id: textField('id', 100) });

const flag = (name: string) => z.optional(z.boolean({ error: `${name} must be true or false` }));

/** An address of the address book as the form sends it, with whether it becomes a default. */
const addressBody = z.object({
  country: z._default(textField('country', 2), 'US'),
  first_name: z._default(textField('first_name', 100), ''),
  last_name: z._default(textField('last_name', 100), ''),
  address1: z._default(textField('address1', 200), ''),
  address2: z._default(textField('address2', 200), ''),
  city: z._default(textField('city', 100), ''),
  region: z._default(textField('region', 100), ''),
  postcode: z._default(textField('postcode', 20), ''),
  phone: z._default(textField('phone', 40), ''),
  is_validated: flag('is_validated'),
  is_default_shipping: flag('is_default_shipping'),
  is_default_billing: flag('is_default_billing'),
});

/** The customer's orders, newest first, each with its page (AccountOrder of src/shared/account-area.ts). */
const accountOrdersSchema = z.array(
  z.object({
    id: z.string(),
    number: z.number(),
    status: z.string(),
    created_at: z.string(),
    total: z.number(),
    item_count: z.number(),
    url: z.string(),
  }),
);

/** One address of the address book (AccountAddress). */
const accountAddressSchema = z.object({
  ...addressSchema.shape,
  _id: z.string(),
  is_default_shipping: z.boolean(),
  is_default_billing: z.boolean(),
});

const savedCardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
});

/** Saved cards, store credit with its history, and the gift cards the customer bought (AccountWallet). */
const accountWalletSchema = z.object({
  cards: z.array(savedCardSchema),
  store_credit: z.object({
    balance: z.number(),
    history: z.array(
      z.object({ amount: z.number(), reason: z.string(), order_id: z.nullable(z.string()), created_at: z.string() }),
    ),
  }),
  gift_cards: z.array(
    z.object({
      id: z.string(),
      last4: z.string(),
      initial: z.number(),
      balance: z.number(),
      recipient_email: z.nullable(z.string()),
      owned: z.boolean(),
      created_at: z.string(),
    }),
  ),
});

/** Creates an account; the response is the same whether or not the e-mail has one (a confirmation link, or a notice). */
export const accountCreateEndpoint = endpoint({
  method: 'POST',
  path: '/session-api/account/create',
  body: z.object({
    email: textField('email', 254),
    password: textField('password', 1024),
    first_name: textField('first_name', 100),
    last_name: textField('last_name', 100),
    ...captchaFields,
  }),
  data: messageSchema,
  envelope: false,
});

/** Confirms the address (or an e-mail change's new one) through its link, and signs the browser in. */
export const accountVerifyEndpoint = endpoint({
  method: 'POST',
  path: '/session-api/account/verify',
  body: z.object(linkFields),
  data: signedInSchema,
  envelope: false,
});

/** Mails a reset link to the account's address, when there is one; the response is the same either way. */
export const accountForgotEndpoint = endpoint({
  method: 'POST',
  path: '/session-api/account/forgot',
  body: z.object({ email: textField('email', 254), ...captchaFields }),
  data: messageSchema,
  envelope: false,
});

/** Sets a new password through the reset link, ends every session of the customer and signs this browser in. */
export const accountResetEndpoint = endpoint({
  method: 'POST',
  path: '/session-api/account/reset',
  body: z.object({ ...linkFields, password: textField('password', 1024), rememberMe: rememberMeSchema }),
  data: signedInSchema,
  envelope: false,
});

/** The signed-in customer's password change; their other sessions end. */
export const accountPasswordEndpoint = endpoint({
  method: 'POST',
  path: '/session-api/account/password',
  body: z.object({ current: textField('current', 1024), password: textField('password', 1024) }),
  data: messageSchema,
  envelope: false,
});

/** The signed-in customer's names, saved at once, and e-mail, once confirmed through the link mailed to it. */
export const accountInformationEndpoint = endpoint({
  method: 'POST',
  path: '/session-api/account/information',
  body: z.object({
    first_name: textField('first_name', 100),
    last_name: textField('last_name', 100),
    email: textField('email', 254),
  }),
  data: z.object({ success: z.literal(true), message: z.string(), data: z.object({ user: userSchema }) }),
  envelope: false,
});

export const accountOrdersEndpoint = endpoint({
  method: 'GET',
  path: '/session-api/account/orders',
  data: accountOrdersSchema,
});

export const accountAddressesEndpoint = endpoint({
  method: 'GET',
  path: '/session-api/account/addresses',
  data: z.array(accountAddressSchema),
});

/** Adds an address to the book, checked as at checkout; the response is the address as saved. */
export const addressCreateEndpoint = endpoint({
  method: 'POST',
  path: '/session-api/account/addresses',
  body: addressBody,
  data: accountAddressSchema,
});

/** Changes an address of the book, checked as at checkout; a default moves from the other addresses. */
export const addressUpdateEndpoint = endpoint({
  method: 'PUT',
  path: '/session-api/account/addresses/:id',
  params: idParams,
  body: addressBody,
  data: accountAddressSchema,
});

export const addressDeleteEndpoint = endpoint({
  method: 'DELETE',
  path: '/session-api/account/addresses/:id',
  params: idParams,
  data: doneSchema,
  envelope: false,
});

export const accountWalletEndpoint = endpoint({
  method: 'GET',
  path: '/session-api/account/wallet',
  data: accountWalletSchema,
});

/** Removes a card the customer saved at a checkout. */
export const cardDeleteEndpoint = endpoint({
  method: 'DELETE',
  path: '/session-api/account/cards/:id',
  params: idParams,
  data: doneSchema,
  envelope: false,
});
