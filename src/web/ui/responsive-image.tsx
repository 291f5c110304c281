import { useMemo, type CSSProperties } from 'react';
import { preload } from 'react-dom';
import { MAX_IMAGE_WIDTH, RESPONSIVE_IMAGE_WIDTHS } from '../../shared/constants.ts';
import { imageSrcSet, imageUrl, responsiveWidth } from '../../shared/media-url.ts';
import type { ImageRef } from '../../shared/product.ts';

/** The fallback src for browsers without srcset: a width that suits a phone. */
const FALLBACK_WIDTH = 640;

interface ResponsiveImageProps {
  image: ImageRef;
  alt: string;
  /** The sizes attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /**
   * The widest the image is ever drawn, in device pixels: the srcset stops at the width that covers it, which
   * keeps pages of many small images light.
   */
  maxWidth?: number;
  /**
   * The narrowest the image is ever drawn, in device pixels: the srcset starts at the width that covers it, so
   * widths no screen would pick are not written into the page.
   */
  minWidth?: number;
  className?: string;
  style?: CSSProperties;
  /** The largest contentful image of a page loads eagerly with high priority. */
  priority?: boolean;
  /**
   * A picture that waits for the page's largest (the home page's product tiles, below its hero): fetched at low
   * priority even where it comes into the screen, where the browser would raise it to high beside the largest.
   */
  late?: boolean;
  /**
   * With priority, the screens the image shows on when not all (a media query: a phone's hero, a desktop's): it
   * is preloaded there only, and on the others, where it is hidden, it is never fetched.
   */
  priorityMedia?: string | null;
}

/** An image from the image host with a srcset, sized so the page never shifts while it loads. */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  maxWidth = MAX_IMAGE_WIDTH,
  minWidth = 0,
  className,
  style,
  priority = false,
  late = false,
  priorityMedia = null,
}: ResponsiveImageProps) {
  const widest = responsiveWidth(maxWidth);
  const narrowest = responsiveWidth(minWidth);
  const src = useMemo(() => imageUrl(image.url, Math.min(FALLBACK_WIDTH, widest)), [image.url, widest]);
  const srcSet = useMemo(
    () =>
      imageSrcSet(
        image.url,
        RESPONSIVE_IMAGE_WIDTHS.filter((width) => width >= narrowest && width <= widest),
      ),
    [image.url, narrowest, widest],
  );
  // A hidden image loads only when lazy: the preload, for the screens that show it, fetches it first there.
  if (priority && priorityMedia)
    preload(src, { as: 'image', imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: 'high', media: priorityMedia });
  const eager = priority && !priorityMedia;
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      className={className}
      style={style}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : late ? 'low' : 'auto'}
    />
  );
}
