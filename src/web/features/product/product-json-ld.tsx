import type { BreadcrumbListJsonLd, ProductJsonLd } from '../../../shared/product-json-ld.ts';
import { serializeJsonLd } from '../../../shared/product-json-ld.ts';
import { useNonce } from '../../ui/nonce.tsx';

/** The product page's structured data as an inline script carrying the response's CSP nonce. */
export function ProductJsonLdScript({ data }: { data: ProductJsonLd | BreadcrumbListJsonLd }) {
  const nonce = useNonce();
  return (
    <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
  );
}
