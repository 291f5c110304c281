import { imageSrcSet, imageUrl } from '../../shared/media-url.ts';
import type { ImageRef } from '../../shared/product.ts';

interface ResponsiveImageProps {
  image: ImageRef;
  alt: string;
  /** The sizes attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  className?: string;
  /** The largest contentful image of a page loads eagerly with high priority. */
  priority?: boolean;
}

/** An image from the image host with a srcset, sized so the page never shifts while it loads. */
export function ResponsiveImage({ image, alt, sizes, className, priority = false }: ResponsiveImageProps) {
  return (
    <img
      src={imageUrl(image.url, 640)}
      srcSet={imageSrcSet(image.url)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
