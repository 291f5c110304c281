import type { AnalyticsEvent } from './analytics-types.ts';

declare global {
  interface Window {
    dataLayer?: object[];
  }
}

/**
 * Sends an analytics event as one data-layer push. The tag manager that reads the data layer loads only
 * after consent; until then events wait in the layer and storage consent stays denied.
 */
export function track(event: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}
