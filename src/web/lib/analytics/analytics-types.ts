/**
 * The analytics events of spec section 7 that carry no catalogue items. Each is one data-layer push:
 * `event` names it, the other fields travel with it.
 */
import type { PurchaseEvent } from '../../../shared/order-placed.ts';

export type AnalyticsEvent =
  | PurchaseEvent
  | { event: 'exception'; description: string; fatal: boolean }
  | { event: 'login'; method: string }
  | { event: 'logout' }
  | { event: 'homepage_view' }
  | { event: 'social_visit'; source: string }
  | {
      event: 'view_cart';
      currency: string;
      value: number;
      items: Array<{ item_id: string; item_name: string; item_variant: string; price: number; quantity: number }>;
    }
  | {
      event: 'view_item_list';
      currency: string;
      item_list_name: string;
      items: Array<{ item_id: string; item_name: string; index: number; price: number }>;
    };

/** Sends an analytics event; the web app passes its analytics module, tests a spy. */
export type Track = (event: AnalyticsEvent) => void;
