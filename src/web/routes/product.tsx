import { Suspense, useEffect, useRef } from 'react';
import { NotFoundBoundary } from '../ui/page-not-found.tsx';
import {
  Await,
  data,
  redirect,
  useLocation,
  useNavigate,
  useNavigation,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { productEndpoint } from '../../shared/api/products.ts';
import { carriedProduct, PRODUCT_ID_PATTERN, productSlug, type ProductPageState } from '../../shared/product-page.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { ProductDocument } from '../../shared/product.ts';
import type { RecommendedProduct } from '../../shared/site-search.ts';

import { ProductSkeleton, ProductView } from '../features/product/product-view.tsx';
import { loadRelatedProducts } from '../features/search/recommended-products.ts';
import { RecommendedStrip } from '../features/search/recommended-strip.tsx';
import { loadEndpoint } from '../lib/load-api.server.ts';
import { packJson, unpackJson, type PackedJson } from '../lib/packed-json.ts';
import { notFoundMeta, pageMeta } from '../lib/navigation/meta.ts';
import type { Route } from './+types/product';

/**
 * The product from the database; a wrong slug for a known id goes to the canonical address. The products like
 * it are not waited for: they stream in after the page, and a failed search is simply no strip.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!PRODUCT_ID_PATTERN.test(params.id)) throw data(null, { status: 404 });
  const product = await loadEndpoint(context, productEndpoint, { params: { id: params.id } }, { notFound: [404] });
  if ((params['*'] ?? '') !== productSlug(product)) throw redirect(`${product.url}${new URL(request.url).search}`, 301);
  return { product: packJson(product), related: loadRelatedProducts(context, product) };
}

/**
 * In the browser the page does not wait for the server: a tile or a search result hands over the product in
 * history state and the page draws it at once, while the server's copy (fresh prices and stock) is fetched
 * alongside. Loaders see only the request, not history state, so the decision is the component's.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const server = serverLoader();
  // Another slug of the product settles as the address to go to; any other failure is the page's error.
  const pending = server.then(
    ({ product }): ServerCopy => ({ product }),
    (error: unknown): ServerCopy => {
      const target = error instanceof Response ? error.headers.get('Location') : null;
      if (target) return { redirectTo: target };
      throw error;
    },
  );
  // <Await> consumes the outcome; this keeps a page left before it settles from reporting a rejection.
  pending.catch(() => undefined);
  const related = server.then(
    (loaded) => loaded.related,
    (): RecommendedProduct[] => [],
  );
  return { pending, related };
}

/** What the server's copy of a product settles as during a client navigation. */
type ServerCopy = { product: PackedJson<ProductDocument> } | { redirectTo: string };

/** Replacing the carried product in history state keeps the address, so nothing needs loading again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) return false;
  return defaultShouldRevalidate;
}

type LoadedData = Awaited<ReturnType<typeof loader>> | Awaited<ReturnType<typeof clientLoader>> | undefined;

function productOf(loaded: LoadedData, state: unknown, id: string): ProductDocument | null {
  if (loaded && 'product' in loaded) return unpackJson(loaded.product);
  return carriedProduct(state, id)?.product ?? null;
}

export function meta({ data: loaded, location, params, matches, error }: Route.MetaArgs) {
  if (error) return notFoundMeta(matches);
  const product = productOf(loaded, location.state, params.id);
  const publicUrl = matches[0]?.loaderData?.publicUrl;
  if (!product || !publicUrl) return pageMeta({ matches, title: null });
  return pageMeta({
    matches,
    title: product.name,
    description: product.description,
    media: product.video_url ?? product.primary_image?.url,
    canonical: new URL(product.url, publicUrl).toString(),
    type: 'product',
  });
}

/** Whether the browser's history is still at the router's entry with this key (kept in its history state). */
function isCurrentEntry(key: string): boolean {
  const entry: unknown = window.history.state;
  return typeof entry === 'object' && entry !== null && 'key' in entry && entry.key === key;
}

/**
 * The server's copy of a product fetched during a client navigation replaces the carried one in history state,
 * so the page, its title and Back show fresh prices and stock; a redirect is followed.
 */
function KeepServerCopy({ copy }: { copy: ServerCopy }) {
  const location = useLocation();
  const navigate = useNavigate();
  const leaving = useNavigation().state !== 'idle';
  // Read when the copy arrives, not in the effect's dependencies: replacing the state must not replace it again.
  const latest = useRef({ location, navigate, leaving });
  useEffect(() => {
    latest.current = { location, navigate, leaving };
  });
  useEffect(() => {
    const { location: at, navigate: go, leaving: away } = latest.current;
    // A shopper already on the way elsewhere (Back, another link) is not pulled back to this page. Back moves the
    // browser's history before this render sees the router's navigation, so the history entry is asked too.
    if (away || !isCurrentEntry(at.key)) return;
    if ('redirectTo' in copy) {
      go(copy.redirectTo, { replace: true, state: at.state });
      return;
    }
    const kept: unknown = at.state;
    const next: ProductPageState = {
      ...(typeof kept === 'object' && kept !== null ? kept : {}),
      product: unpackJson(copy.product),
    };
    go(
      { pathname: at.pathname, search: at.search, hash: at.hash },
      { replace: true, state: next, preventScrollReset: true },
    );
  }, [copy]);
  return null;
}

export default function ProductPage({ loaderData, params }: Route.ComponentProps) {
  const location = useLocation();
  const carried = carriedProduct(location.state, params.id);
  const product = ('product' in loaderData ? unpackJson(loaderData.product) : null) ?? carried?.product ?? null;
  const related = (
    // A boundary of its own: the page never waits for the strip, and a strip that fails is no strip.
    <Suspense key={location.pathname} fallback={null}>
      <Await resolve={loaderData.related} errorElement={null}>
        {(products) => <RecommendedStrip title={MESSAGES.youMayAlsoLike} products={products} picturesWhenNear />}
      </Await>
    </Suspense>
  );
  return (
    <>
      {product ? (
        <ProductView key={product._id} product={product} activeSlide={carried?.activeSlide ?? 0} related={related} />
      ) : (
        <ProductSkeleton />
      )}
      {'pending' in loaderData && (
        // A boundary of its own for each address, so waiting for the server's copy never holds back the navigation.
        <Suspense key={location.pathname + location.search} fallback={null}>
          <Await resolve={loaderData.pending}>{(copy) => <KeepServerCopy copy={copy} />}</Await>
        </Suspense>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NotFoundBoundary error={error} />;
}
