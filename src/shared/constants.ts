/** The business constants and limits of spec section 9. */
export const SHOP_ITEMS_PER_PAGE = 60;
export const DEFAULT_FREE_SHIPPING_THRESHOLD = 50;
export const MAX_UNIQUE_ITEMS = 50;
export const MAX_QTY_PER_SKU = 30;
/** The longest promo or gift card code the shop reads (not in the spec). */
export const MAX_CODE_LENGTH = 64;
/** Gift cards one bag may pay with (not in the spec: a bound on the work one refresh does). */
export const MAX_GIFT_CARDS = 5;
export const MESSAGE_AUTO_CLOSE_MS = 5000;
export const BAG_CONFIRMATION_MS = 3000;
export const ADD_TO_BAG_PROCESSING_MS = 500;
export const BREAKPOINT_MD_PX = 640;
export const BREAKPOINT_LG_PX = 1200;
export const HOME_MOBILE_BREAKPOINT_PX = 1180;
export const HEADER_OVERLAY_MAX_WIDTH_PX = 1180;
export const HEADER_OVERLAY_MAX_SCROLL_PX = 44;
export const HTTP_TIMEOUT_MS = 10_000;
export const HTTP_RETRY_METHODS = ['get', 'put', 'head', 'delete', 'options', 'trace'] as const;
export const HTTP_RETRY_LIMIT = 2;
export const HTTP_RETRY_STATUS_CODES = [408, 413, 429, 500, 502, 503, 504] as const;
export const HTTP_RETRY_FIRST_DELAY_MS = 300;
export const SITEWIDE_COUNTDOWN_TICK_MS = 500;
export const SWIPE_DISMISS_FRACTION = 0.3;
export const SWIPE_START_PX = 5;
export const SWIPE_SNAP_BACK_MS = 400;
export const SHAKE_MS = 300;
export const EXPAND_ANIMATION_MS = 300;
export const DRAWER_ANIMATION_MS = 300;
export const OVERLAY_ANIMATION_MS = 300;
export const OVERLAY_SHOW_DELAY_MS = 500;
export const STORE_CODES = ['en-us', 'en-au', 'en-nz'] as const;
export const CURRENCY = 'USD';
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MIN_CHARACTERS = 3;
export const SEARCH_SUGGESTIONS_PAGE_SIZE = 20;
export const VIEW_ALL_MATCHES_ABOVE = 5;
export const LOW_STOCK_BELOW = 10;
export const RECENT_SEARCHES_KEPT = 10;
export const RECENT_SEARCHES_SHOWN = 5;
export const SCROLL_TO_TOP_THRESHOLD_PX = 300;
export const IMPRESSION_VISIBLE_FRACTION = 0.5;
export const IMPRESSION_VISIBLE_MS = 300;
export const IMPRESSION_BATCH_MS = 300;
export const SEARCH_CONNECTION_TIMEOUT_MS = 2000;
export const SEARCH_KEY_QUERY_PARAMETER_MAX_LENGTH = 2000;
export const MAX_FACET_VALUES = 200;
export const HORIZONTAL_SCROLL_FRACTION = 0.55;
export const AUTOCOMPLETE_MAX_RESULTS = 7;
/** The most suggestions one autocomplete call may ask for (not in the spec: the US provider's own ceiling). */
export const AUTOCOMPLETE_MAX_RESULTS_LIMIT = 10;
/** The longest autocomplete search read; a longer one is cut (not in the spec: a bound on one call's work). */
export const AUTOCOMPLETE_SEARCH_MAX_LENGTH = 128;
/** The longest value each address field takes (not in the spec: what a shipping label prints). */
export const ADDRESS_FIELD_MAX_LENGTH = {
  first_name: 50,
  last_name: 50,
  address1: 100,
  address2: 100,
  city: 50,
  region: 50,
  postcode: 16,
  phone: 30,
} as const;
export const RECOMMENDATION_STRIP_SIZE = 24;
export const CAPTCHA_LOAD_DELAY_MS = 10_000;
export const AUTO_ADVANCE_DEFAULT_MS = 4000;
export const VIDEO_EARLY_ADVANCE_MS = 500;
export const FADER_TRANSITION_MS = 1000;
/** Responsive image widths, widest first; the image host never serves wider than the first. */
export const RESPONSIVE_IMAGE_WIDTHS = [2048, 1920, 1680, 1440, 1242, 1024, 828, 720, 640, 400, 200, 100] as const;
export const MAX_IMAGE_WIDTH = 2048;
export const SIZE_GUIDE_IMAGE_MAX_PX = 400;
export const MOBILE_STICKY_TAG_BAR_AFTER_PX = 598;
export const HOME_COUNTDOWN_BANNER_START = '2024-11-22T00:00:00Z';
export const HOME_COUNTDOWN_BANNER_END = '2024-11-23T00:00:00Z';
export const SHOP_PAGE_DEFAULT = 1;
export const NEWS_OFFSET_DEFAULT = 0;
export const ASYNC_COMPONENT_DELAY_MS = 200;
/** Style ids whose size M is displayed as CL. */
export const CL_STYLE_IDS = ['UPMH1000', 'UPMH1001', 'UPMH1002'] as const;
