import { describe, expectTypeOf, it } from 'vitest';
import type { DataOf } from './endpoint.ts';
import type { OrderView } from '../order.ts';
import {
  type orderAddressChangeEndpoint,
  type orderCancellationEndpoint,
  type orderLookupEndpoint,
  type orderViewEndpoint,
} from './orders.ts';

describe('the order endpoints', () => {
  it('respond with exactly the order view the order pages show', () => {
    expectTypeOf<DataOf<typeof orderViewEndpoint>>().toEqualTypeOf<OrderView>();
    expectTypeOf<DataOf<typeof orderAddressChangeEndpoint>>().toEqualTypeOf<OrderView>();
    expectTypeOf<DataOf<typeof orderCancellationEndpoint>>().toEqualTypeOf<OrderView>();
    expectTypeOf<DataOf<typeof orderLookupEndpoint>>().toEqualTypeOf<{ message: string }>();
  });
});
