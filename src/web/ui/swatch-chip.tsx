import { imageUrl } from '../../shared/media-url.ts';
import type { ImageRef } from '../../shared/product.ts';

/** A colourway's chip: its colour image in a circle (decoration: the button or link around it is named). */
export function SwatchChip({ image }: { image: ImageRef }) {
  return (
    <img
      src={imageUrl(image.url, 100)}
      alt=""
      width={image.width}
      height={image.height}
      loading="lazy"
      className="size-full rounded-full object-cover"
    />
  );
}
