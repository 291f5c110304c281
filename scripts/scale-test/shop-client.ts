/** The shop's calls as its pages make them, for the scale test (scripts/scale-test.ts). */
import { randomBytes } from 'node:crypto';
import type { GetCartResponse } from '../../src/shared/bag-pricing.ts';
import { emptyCart, type Cart, type CartAddress, type CartItem } from '../../src/shared/cart.ts';
import type { OrderView } from '../../src/shared/order.ts';

/** The demo customer (src/demo/accounts.ts). */
export const DEMO_SIGN_IN = { email: 'demo@acme.test', password: 'acme-demo-password' };

/** A Colorado address: the demo charges no sales tax there. */
const DENVER: CartAddress = {
  _id: null,
  country: 'US',
  first_name: 'Robin',
  last_name: 'Shopper',
  address1: '1550 Wewatta Street',
  address2: '',
  city: 'Denver',
  region: 'CO',
  postcode: '80202',
  phone: '',
  is_validated: false,
};

/** The built-in gateway's card that always pays. */
export const PAYING_CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' };

/** How long one request may take before the client gives up on it. */
const REQUEST_TIMEOUT_MS = 30_000;

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A request the shop refused or failed, with what it answered. */
export class RefusedRequest extends Error {
  constructor(
    readonly url: string,
    readonly answer: Answer,
  ) {
    super(`${url} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  return { status: response.status, body: isJson ? (JSON.parse(text) as unknown) : text, headers: response.headers };
}

/** A client of one origin (nginx's, or a server's own) that sends what the shop's pages send. */
export class Client {
  constructor(
    readonly origin: string,
    /** The shop's public origin, which the browser names in Origin. */
    private readonly publicUrl: string,
  ) {}

  async get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
    return answerOf(await fetch(`${this.origin}${url}`, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }));
  }

  async post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(`${this.origin}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.publicUrl, ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return answerOf(response);
  }

  /** The status a GET is answered with, or 0 when no answer came (the server is down). */
  async status(url: string, headers: Record<string, string> = {}): Promise<number> {
    return this.get(url, headers).then(
      (answer) => answer.status,
      () => 0,
    );
  }

  /** A POST whose answer must be a 200; its data. */
  async call<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
    const answer = await this.post(url, body, headers);
    if (answer.status !== 200) throw new RefusedRequest(url, answer);
    return answer.body as T;
  }
}

export const newIdempotencyKey = () => randomBytes(16).toString('hex');

export function cartOf(lines: CartItem[], email: string): Cart {
  return { ...emptyCart(), customer_email: email, shipping_address: DENVER, items: lines };
}

export const priceBag = (client: Client, cart: Cart) =>
  client.call<GetCartResponse>('/session-api/checkout/get-cart', { cart });

/** A card token of the built-in gateway, which pays as often as it is used. */
export async function cardToken(client: Client): Promise<string> {
  return (await client.call<{ data: { token: string } }>('/session-api/checkout/card-token', PAYING_CARD)).data.token;
}

/** Signs the demo customer in: the captcha token from `tokenFrom`, the sign-in posted to `signInAt`; its cookie. */
export async function signIn(tokenFrom: Client, signInAt: Client): Promise<string> {
  const captcha = await tokenFrom.get('/session-api/captcha-token?action=login');
  if (captcha.status !== 200) throw new RefusedRequest('/session-api/captcha-token', captcha);
  const { token } = (captcha.body as { data: { token: string } }).data;
  const answer = await signInAt.post('/session-api/login', {
    _username: DEMO_SIGN_IN.email,
    _password: DEMO_SIGN_IN.password,
    _remember_me: false,
    token,
    action: 'login',
  });
  if (answer.status !== 200) throw new RefusedRequest('/session-api/login', answer);
  const session = answer.headers.getSetCookie().find((cookie) => /^(__Host-)?sid=/.test(cookie));
  if (!session) throw new Error('the sign-in set no session cookie');
  return session.split(';')[0] ?? '';
}

export interface PlacedOrder {
  id: string;
  /** Its page: /checkout-success/{id}/{hash}. */
  redirect: string;
  totalCents: number;
}

/** Prices the bag, then places it as a guest paying by card, as the checkout page does. */
export async function placeOrder(client: Client, cart: Cart, token: string): Promise<PlacedOrder> {
  const priced = await priceBag(client, cart);
  const expected = priced.updatedCart.totals.balance_due.amount;
  const { data } = await client.call<{ data: { order: OrderView; redirect: string } }>(
    '/session-api/checkout/place-order',
    { idempotency_key: newIdempotencyKey(), cart, payment: { token }, expected_balance_due: expected },
  );
  return { id: data.order.id, redirect: data.redirect, totalCents: Math.round(data.order.totals.total * 100) };
}

export interface BoughtGiftCard {
  purchaseId: string;
  amountCents: number;
  recipient: string;
}

/** Buys a gift card e-mailed today to `recipient`, paid by card. */
export async function buyGiftCard(client: Client, recipient: string, token: string): Promise<BoughtGiftCard> {
  const amount = 25;
  const { data } = await client.call<{ data: { purchase: { id: string } } }>('/session-api/gift-cards/purchase', {
    idempotency_key: newIdempotencyKey(),
    amount,
    recipient_name: 'Robin',
    recipient_email: recipient,
    message: 'From the scale test',
    deliver_on: '',
    buyer_email: 'scale-test-buyer@example.com',
    payment: { token },
  });
  return { purchaseId: data.purchase.id, amountCents: amount * 100, recipient };
}

/** The product of the shop page's first tile (its link is /s/{id}/{slug}). */
export function firstTileProduct(html: string): string {
  const id = /<h3[^>]*><a[^>]*href="\/s\/(\d+)\//.exec(html)?.[1];
  if (!id) throw new Error('the shop page shows no product tile');
  return id;
}
