import { describe, expectTypeOf, it } from 'vitest';
import type { GetCartRequest, GetCartResponse } from '../bag-pricing.ts';
import type { GiftCardBalanceView, GiftCardPurchaseRequest, GiftCardPurchaseView } from '../gift-card.ts';
import type { CardToken, CardTokenRequest, OrderStatus, PlaceOrderRequest, PlaceOrderResponse } from '../order.ts';
import type { getCartEndpoint } from './bag.ts';
import type { cardTokenEndpoint } from './card-token.ts';
import type { placeOrderEndpoint } from './checkout.ts';
import type { BodyOf, DataOf } from './endpoint.ts';
import type { giftCardBalanceEndpoint, giftCardPurchaseEndpoint } from './gift-cards.ts';
import type { orderStatusEndpoint } from './admin.ts';

describe('the endpoints that pay and price', () => {
  it('take the requests their callers send', () => {
    expectTypeOf<GetCartRequest>().toExtend<BodyOf<typeof getCartEndpoint>>();
    expectTypeOf<CardTokenRequest>().toExtend<BodyOf<typeof cardTokenEndpoint>>();
    expectTypeOf<PlaceOrderRequest>().toExtend<BodyOf<typeof placeOrderEndpoint>>();
    expectTypeOf<GiftCardPurchaseRequest>().toExtend<BodyOf<typeof giftCardPurchaseEndpoint>>();
  });

  it('respond with exactly what their callers read', () => {
    expectTypeOf<DataOf<typeof getCartEndpoint>>().toEqualTypeOf<GetCartResponse>();
    expectTypeOf<DataOf<typeof cardTokenEndpoint>>().toEqualTypeOf<CardToken>();
    expectTypeOf<DataOf<typeof placeOrderEndpoint>>().toEqualTypeOf<PlaceOrderResponse['data']>();
    expectTypeOf<DataOf<typeof giftCardPurchaseEndpoint>>().toEqualTypeOf<{ purchase: GiftCardPurchaseView }>();
    expectTypeOf<DataOf<typeof giftCardBalanceEndpoint>>().toEqualTypeOf<GiftCardBalanceView>();
    expectTypeOf<DataOf<typeof orderStatusEndpoint>>().toEqualTypeOf<{ from: OrderStatus; to: OrderStatus }>();
  });
});
