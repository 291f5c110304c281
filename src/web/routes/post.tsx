import { data, Link } from 'react-router';
import { postEndpoint } from '../../shared/api/content.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { postKindOfPath, postListPath } from '../../shared/paths.ts';
import { formatPostDate } from '../features/content/post-card.tsx';
import { loadEndpoint } from '../lib/load-api.server.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import { ProductPrice } from '../ui/product-price.tsx';
import { ResponsiveImage } from '../ui/responsive-image.tsx';
import type { Route } from './+types/post';

// Here rather than in MESSAGES: every page's script carries MESSAGES, and only a post shows these.
const POST_PRODUCTS_HEADING = 'Shop the story';
/** A post's byline: its author, and the author's role when there is one. */
const byline = (author: string, role: string) => (role ? `By ${author}, ${role}` : `By ${author}`);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const kind = postKindOfPath(new URL(request.url).pathname, context.brand);
  const slug = params.slug ?? '';
  if (!kind || !/^[a-z0-9-]{1,200}$/.test(slug)) throw data(null, { status: 404 });
  const post = await loadEndpoint(context, postEndpoint, { params: { kind, slug } }, { notFound: [404] });
  return { post, listPath: postListPath(kind, context.brand) };
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  const post = loaded?.post;
  return pageMeta({
    matches,
    title: post?.title,
    description: post?.excerpt,
    media: post?.image?.url,
    type: 'article',
    extra: post ? [{ property: 'article:published_time', content: post.published_at }] : [],
  });
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post, listPath } = loaderData;
  return (
    <main id="main" className="pb-16">
      <article>
        <header className="mx-auto max-w-3xl px-4 pb-8 pt-6 md:pt-12">
          <Link to={listPath} className="text-xs font-bold uppercase tracking-widest text-ink-muted hover:text-ink">
            {MESSAGES.back}
          </Link>
          <h1 className="mt-4 font-display text-3xl font-black uppercase leading-tight md:text-5xl">{post.title}</h1>
          <p className="mt-3 text-sm text-ink-muted">
            <time dateTime={post.published_at}>{formatPostDate(post.published_at)}</time>
            {post.author && <span className="block">{byline(post.author, post.author_role)}</span>}
          </p>
        </header>
        {post.image && (
          <ResponsiveImage
            image={post.image}
            alt=""
            sizes="(min-width: 75rem) 1200px, 100vw"
            priority
            className="mx-auto h-auto w-full max-w-6xl"
          />
        )}
        <div
          className="prose-content mx-auto mt-10 max-w-3xl px-4"
          dangerouslySetInnerHTML={{ __html: post.content }}
        />
      </article>
      {post.products.length > 0 && (
        <section aria-labelledby="post-products" className="mx-auto mt-16 flex max-w-6xl flex-col gap-4 px-4 md:px-8">
          <h2 id="post-products" className="font-display text-xl font-black uppercase md:text-2xl">
            {POST_PRODUCTS_HEADING}
          </h2>
          {/* Plain cards rather than the shop's tiles: the tiles' module here reshaped the shared chunks and put the
              search client on every shop page's first load (34 kB). */}
          <ul className="grid grid-cols-2 gap-x-3 gap-y-8 md:grid-cols-4">
            {post.products.map((product) => (
              <li key={product._id}>
                <Link to={product.url} className="group flex flex-col gap-2 text-sm">
                  <span className="relative block aspect-[4/5] overflow-hidden rounded-sm bg-surface-muted">
                    {product.primary_image && (
                      <ResponsiveImage
                        image={product.primary_image}
                        alt=""
                        sizes="(min-width: 48rem) 25vw, 50vw"
                        className="absolute inset-0 h-full w-full object-cover"
                      />
                    )}
                  </span>
                  <span className="font-semibold leading-snug group-hover:underline">{product.name}</span>
                  <ProductPrice product={product} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
