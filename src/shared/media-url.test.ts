import { describe, expect, it } from 'vitest';
import {
  imageSrcSet,
  imageUrl,
  isExternalUrl,
  mediaKind,
  mediaUrl,
  responsiveWidth,
  safeMediaPath,
  socialMediaTag,
} from './media-url.ts';

describe('mediaUrl', () => {
  it('sends every image extension to the image host', () => {
    for (const extension of ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tif', 'tiff', 'svg', 'JPG']) {
      expect(mediaUrl(`/media/products/tee.${extension}`)).toBe(`/images/products/tee.${extension}`);
    }
  });

  it('sends anything else to the content host, mp4 with its format parameter', () => {
    expect(mediaUrl('/media/lookbook/summer.mp4')).toBe('/content/lookbook/summer.mp4?format=mp4');
    expect(mediaUrl('/media/docs/returns.pdf')).toBe('/content/docs/returns.pdf');
    expect(mediaUrl('/media/clips/teaser.webm')).toBe('/content/clips/teaser.webm');
  });

  it('keeps the query and hash of the stored URL', () => {
    expect(mediaUrl('/media/a/b.png?v=2#top')).toBe('/images/a/b.png?v=2#top');
    expect(mediaUrl('/media/a/b.mp4?autoplay=1')).toBe('/content/a/b.mp4?autoplay=1&format=mp4');
  });

  it('percent-encodes each path segment once', () => {
    expect(mediaUrl('/media/look book/tee (1).png')).toBe('/images/look%20book/tee%20(1).png');
    expect(mediaUrl('/media/look%20book/tee.png')).toBe('/images/look%20book/tee.png');
  });

  it('returns URLs that are neither /media/ nor stored media unchanged', () => {
    for (const url of [
      'https://cdn.example.com/media/tee.png',
      '//cdn.example.com/tee.png',
      '/static/logo.svg',
      'tee.png',
      '',
      '/mediax/tee.png',
    ]) {
      expect(mediaUrl(url)).toBe(url);
    }
  });

  it('never yields a path outside the media folder from hostile input', () => {
    for (const url of [
      '/media/../data/shop.sqlite',
      '/media/products/../../data/shop.sqlite',
      '/media/%2e%2e/data/shop.sqlite',
      '/media/%2E%2E%2Fdata%2Fshop.sqlite',
      '/media/products%2f..%2f..%2fshop.sqlite',
      '/media/..\\data\\shop.sqlite',
      '/media/products/%5c..%5cshop.sqlite',
      '/media/tee%00.png',
      '/media//etc/passwd',
      '/media/./tee.png',
      '/media/.env',
      '/media/%E0%A4%A.png',
      '/media/',
    ]) {
      expect(mediaUrl(url), url).toBe('');
      expect(imageUrl(url, 640), url).toBe('');
      expect(imageSrcSet(url), url).toBe('');
    }
  });
});

describe('safeMediaPath', () => {
  it('decodes a clean relative path', () => {
    expect(safeMediaPath('products/tee%20front.png')).toBe('products/tee front.png');
    expect(safeMediaPath('a/b/c.svg')).toBe('a/b/c.svg');
  });

  it('refuses traversal, absolute paths, hidden files and control characters', () => {
    for (const hostile of [
      '..',
      'a/../b',
      '%2e%2E/x',
      'a%2fb',
      '/etc/passwd',
      'a//b',
      '.git/config',
      'a\\b',
      'a%00b',
      'a%0Ab',
      '%zz',
    ]) {
      expect(safeMediaPath(hostile), hostile).toBeNull();
    }
  });
});

describe('responsiveWidth', () => {
  it('picks the smallest allowed width that covers the wanted one', () => {
    expect(responsiveWidth(1)).toBe(100);
    expect(responsiveWidth(100)).toBe(100);
    expect(responsiveWidth(101)).toBe(200);
    expect(responsiveWidth(641)).toBe(720);
    expect(responsiveWidth(1200)).toBe(1242);
    expect(responsiveWidth(2048)).toBe(2048);
  });

  it('caps at 2048', () => {
    expect(responsiveWidth(5000)).toBe(2048);
    expect(responsiveWidth(Number.POSITIVE_INFINITY)).toBe(2048);
    expect(responsiveWidth(Number.NaN)).toBe(2048);
  });
});

describe('imageUrl', () => {
  it('asks the image host for a responsive width', () => {
    expect(imageUrl('/media/products/tee.svg', 600)).toBe('/images/products/tee.svg?w=640');
    expect(imageUrl('/media/products/tee.jpg?v=3', 3000)).toBe('/images/products/tee.jpg?v=3&w=2048');
  });

  it('leaves what the image host cannot resize as mediaUrl leaves it', () => {
    expect(imageUrl('https://cdn.example.com/tee.jpg', 640)).toBe('https://cdn.example.com/tee.jpg');
    expect(imageUrl('/media/lookbook/summer.mp4', 640)).toBe('/content/lookbook/summer.mp4?format=mp4');
  });
});

describe('imageSrcSet', () => {
  it('lists the given widths, snapped and narrowest first', () => {
    expect(imageSrcSet('/media/p/tee.png', [640, 300, 400])).toBe(
      '/images/p/tee.png?w=400 400w, /images/p/tee.png?w=640 640w',
    );
  });

  it('uses every responsive width by default', () => {
    const entries = imageSrcSet('/media/p/tee.png').split(', ');
    expect(entries).toHaveLength(12);
    expect(entries[0]).toBe('/images/p/tee.png?w=100 100w');
    expect(entries.at(-1)).toBe('/images/p/tee.png?w=2048 2048w');
  });

  it('names each width by the URL imageUrl gives it, query and fragment kept', () => {
    const url = '/media/p/summer%20tee.jpg?v=3&w=9#front';
    expect(imageSrcSet(url, [200, 640])).toBe(`${imageUrl(url, 200)} 200w, ${imageUrl(url, 640)} 640w`);
    expect(imageUrl(url, 200)).toBe('/images/p/summer%20tee.jpg?v=3&w=200#front');
  });

  it('is empty for what cannot be resized', () => {
    expect(imageSrcSet('https://cdn.example.com/tee.png')).toBe('');
    expect(imageSrcSet('/media/../secret.png')).toBe('');
    expect(imageSrcSet('/media/lookbook/summer.mp4')).toBe('');
  });
});

describe('isExternalUrl', () => {
  it('treats relative links as internal', () => {
    expect(isExternalUrl('/acme-life', 'shop.example.com')).toBe(false);
    expect(isExternalUrl('shop/tees?page=2', 'shop.example.com')).toBe(false);
    expect(isExternalUrl('#bag', 'shop.example.com')).toBe(false);
  });

  it('compares absolute links with the app host, port included', () => {
    expect(isExternalUrl('https://shop.example.com/acme-life', 'shop.example.com')).toBe(false);
    expect(isExternalUrl('https://SHOP.example.com/x', 'https://shop.example.com')).toBe(false);
    expect(isExternalUrl('https://instagram.com/acme', 'shop.example.com')).toBe(true);
    expect(isExternalUrl('https://shop.example.com.evil.net/', 'shop.example.com')).toBe(true);
    expect(isExternalUrl('http://localhost:3000/x', 'localhost:3000')).toBe(false);
    expect(isExternalUrl('http://localhost:5173/x', 'localhost:3000')).toBe(true);
  });

  it('treats protocol-relative and backslash tricks as the hosts browsers read in them', () => {
    expect(isExternalUrl('//evil.example.net/x', 'shop.example.com')).toBe(true);
    expect(isExternalUrl('/\\evil.example.net/x', 'shop.example.com')).toBe(true);
    expect(isExternalUrl('\\\\evil.example.net', 'shop.example.com')).toBe(true);
  });

  it('treats other schemes as external', () => {
    expect(isExternalUrl('mailto:care@example.com', 'shop.example.com')).toBe(true);
    expect(isExternalUrl('tel:+15555550100', 'shop.example.com')).toBe(true);
  });
});

describe('mediaKind and socialMediaTag', () => {
  it('tells videos from images and other files', () => {
    expect(mediaKind('/media/a.mp4?x=1')).toBe('video');
    expect(mediaKind('https://cdn.example.com/a.webp')).toBe('image');
    expect(mediaKind('/media/a.pdf')).toBe('other');
    expect(mediaKind('/media/readme')).toBe('other');
  });

  it('makes og:video for videos and og:image for images, on the public origin', () => {
    expect(socialMediaTag('/media/lookbook/summer.mp4', 'https://shop.example.com')).toEqual({
      property: 'og:video',
      content: 'https://shop.example.com/content/lookbook/summer.mp4?format=mp4',
    });
    expect(socialMediaTag('/media/products/tee.svg', 'https://shop.example.com')).toEqual({
      property: 'og:image',
      content: 'https://shop.example.com/images/products/tee.svg?w=1242',
    });
    expect(socialMediaTag('https://cdn.example.com/tee.jpg', 'https://shop.example.com')).toEqual({
      property: 'og:image',
      content: 'https://cdn.example.com/tee.jpg',
    });
  });

  it('has no tag for documents or unservable URLs', () => {
    expect(socialMediaTag('/media/docs/returns.pdf', 'https://shop.example.com')).toBeNull();
    expect(socialMediaTag('/media/../secret.png', 'https://shop.example.com')).toBeNull();
  });
});
