import { Link } from 'react-router';
import type { PostSummary } from '../../../shared/post.ts';
import { ResponsiveImage } from '../../ui/responsive-image.tsx';
import { formatLongDate } from '../../../shared/dates.ts';

export const formatPostDate = (iso: string) => formatLongDate(new Date(iso));

export function PostCard({ post, href, priority }: { post: PostSummary; href: string; priority: boolean }) {
  return (
    <article className="group flex flex-col gap-3">
      <Link to={href} className="block overflow-hidden rounded-sm bg-surface-muted">
        {post.image && (
          <ResponsiveImage
            image={post.image}
            alt=""
            sizes="(min-width: 75rem) 33vw, (min-width: 40rem) 50vw, 100vw"
            priority={priority}
            className="aspect-[4/3] h-auto w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          />
        )}
      </Link>
      <time dateTime={post.published_at} className="text-xs font-semibold uppercase tracking-widest text-ink-muted">
        {formatPostDate(post.published_at)}
      </time>
      <h2 className="font-display text-xl font-black uppercase leading-tight">
        <Link to={href} className="hover:underline">
          {post.title}
        </Link>
      </h2>
      <p className="text-ink-muted">{post.excerpt}</p>
    </article>
  );
}
