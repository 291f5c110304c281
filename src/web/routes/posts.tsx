import { data, Link } from 'react-router';
import { postListEndpoint } from '../../shared/api/content.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { postKindOfPath, postListPath } from '../../shared/paths.ts';
import { POSTS_PAGE_SIZE, type PostKind } from '../../shared/post.ts';
import { canonicalUrl } from '../../shared/seo.ts';
import { PostCard } from '../features/content/post-card.tsx';
import { loadEndpoint } from '../lib/load-api.server.ts';
import { pageMeta, publicUrlOf } from '../lib/navigation/meta.ts';
import type { Route } from './+types/posts';

const HEADINGS: Record<PostKind, string> = { news: MESSAGES.news, life: MESSAGES.life, familie: MESSAGES.theFamilie };

/** News, lifestyle and Familie lists; query offset gives the first post shown (default 0). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = postKindOfPath(url.pathname, context.brand);
  if (!kind) throw data(null, { status: 404 });
  const offsetParam = url.searchParams.get('offset') ?? '0';
  const offset = /^\d{1,6}$/.test(offsetParam) ? Number(offsetParam) : 0;
  // An offset beyond what the API lists names no page of posts.
  const list = await loadEndpoint(
    context,
    postListEndpoint,
    { query: { kind, offset, limit: POSTS_PAGE_SIZE } },
    { notFound: [400] },
  );
  return { kind, listPath: postListPath(kind, context.brand), ...list };
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  if (!loaded) return pageMeta({ matches, title: null });
  const publicUrl = publicUrlOf(matches);
  // Each page of a list is a page of its own: a later one lists other posts.
  const search = loaded.offset > 0 ? `?offset=${loaded.offset}` : '';
  return pageMeta({
    matches,
    title: HEADINGS[loaded.kind],
    description: MESSAGES.postListDescriptions[loaded.kind],
    media: loaded.posts[0]?.image?.url,
    canonical: publicUrl ? canonicalUrl(loaded.listPath, publicUrl, search) : undefined,
  });
}

export default function Posts({ loaderData }: Route.ComponentProps) {
  const { kind, listPath, posts, total, offset } = loaderData;
  const newer = offset > 0 ? Math.max(0, offset - POSTS_PAGE_SIZE) : null;
  const older = offset + posts.length < total ? offset + posts.length : null;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pb-16 pt-6 md:px-8 md:pt-10">
      <h1 className="font-display text-4xl font-black uppercase tracking-tight md:text-6xl">{HEADINGS[kind]}</h1>
      {posts.length === 0 ? (
        <p className="mt-8 text-ink-muted">{MESSAGES.noPosts}</p>
      ) : (
        <div className="mt-8 grid gap-x-6 gap-y-12 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, index) => (
            <PostCard key={post._id} post={post} href={`${listPath}/${post.slug}`} priority={index === 0} />
          ))}
        </div>
      )}
      <nav aria-label={MESSAGES.morePosts} className="mt-12 flex justify-between gap-4">
        {newer !== null ? (
          <Link
            to={newer ? `?offset=${newer}` : listPath}
            className="font-bold uppercase underline-offset-4 hover:underline"
          >
            {MESSAGES.newerPosts}
          </Link>
        ) : (
          <span />
        )}
        {older !== null && (
          <Link to={`?offset=${older}`} className="font-bold uppercase underline-offset-4 hover:underline">
            {MESSAGES.olderPosts}
          </Link>
        )}
      </nav>
    </main>
  );
}
