import { describe, expect, it } from 'vitest';
import { forgetLeftFrom, noteLeftFrom, scrollBackToLink } from './use-back-to-tile.ts';

/** A link whose place on screen the test moves, as scrolling and layout would. */
function link(href: string, top: number) {
  const box = { top };
  return { box, getAttribute: (name: string) => (name === 'href' ? href : null), getBoundingClientRect: () => box };
}

const grid = (...links: Array<ReturnType<typeof link>>) => ({ querySelectorAll: () => links });

describe('Back to the tile left from', () => {
  it('scrolls by how far the followed link is from where it was on screen, once', () => {
    const picture = link('/s/1/brief', 300);
    const name = link('/s/1/brief', 720);
    noteLeftFrom('entry', grid(link('/s/2/trunk', 40), picture, name), name);
    // The page rendered again after Back: new elements, the name now 42 px lower on screen.
    const again = grid(link('/s/2/trunk', 40), link('/s/1/brief', 342), link('/s/1/brief', 762));
    expect(scrollBackToLink('entry', again)).toBe(42);
    expect(scrollBackToLink('entry', again)).toBe(0);
  });

  it('waits for a render that shows the link', () => {
    const sock = link('/s/3/sock', 500);
    noteLeftFrom('waiting', grid(sock), sock);
    expect(scrollBackToLink('waiting', grid())).toBeNull();
    expect(scrollBackToLink('waiting', grid(link('/s/3/sock', 480)))).toBe(-20);
  });

  it('leaves an entry left some other way where the router put it', () => {
    const tee = link('/s/4/tee', 100);
    noteLeftFrom('elsewhere', grid(tee), tee);
    forgetLeftFrom('elsewhere');
    expect(scrollBackToLink('elsewhere', grid(link('/s/4/tee', 900)))).toBe(0);
  });
});
