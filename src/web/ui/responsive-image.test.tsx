import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from './responsive-image.tsx';

const image = { url: '/media/products/tee--front.svg', width: 1200, height: 1500 };
const render = (props: { priority?: boolean; late?: boolean }) =>
  renderToStaticMarkup(<ResponsiveImage image={image} alt="" sizes="50vw" {...props} />);

describe('ResponsiveImage', () => {
  it('loads the largest picture eagerly at high priority, and others lazily at the browser’s own priority', () => {
    expect(render({ priority: true })).toMatch(/loading="eager".*fetchPriority="high"/);
    expect(render({})).toMatch(/loading="lazy".*fetchPriority="auto"/);
  });

  it('keeps a late picture at low priority, so coming into the screen does not raise it beside the largest', () => {
    expect(render({ late: true })).toMatch(/loading="lazy".*fetchPriority="low"/);
  });
});
