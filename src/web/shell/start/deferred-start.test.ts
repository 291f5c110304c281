import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL, holdStartTags, startScript } from './deferred-start.ts';
import { holdStartTagsStream } from './deferred-start.server.ts';

const SCRIPTS =
  '<link rel="modulepreload" href="/assets/framework-1.js" nonce="n1"/>' +
  '<script nonce="n1">window.__reactRouterContext = {};</script>' +
  '<script nonce="n1" type="module" async="">import * as route0 from "/assets/root-1.js";</script>' +
  '<p>Héllo – “quoted”</p>';

describe('holding back the start-up tags', () => {
  it('gives module preloads and the route-module script a rel and a type no browser acts on', () => {
    expect(holdStartTags(SCRIPTS)).toBe(
      `<link rel="${HELD_PRELOAD_REL}" href="/assets/framework-1.js" nonce="n1"/>` +
        '<script nonce="n1">window.__reactRouterContext = {};</script>' +
        `<script nonce="n1" type="${HELD_MODULE_TYPE}">import * as route0 from "/assets/root-1.js";</script>` +
        '<p>Héllo – “quoted”</p>',
    );
  });

  it('leaves the context script and other markup alone', () => {
    const page = '<script nonce="n1">window.__reactRouterContext = {};</script><link rel="stylesheet" href="/a.css"/>';
    expect(holdStartTags(page)).toBe(page);
  });

  it('holds them back in a stream cut anywhere, even inside a tag or a character', async () => {
    const bytes = Buffer.from(SCRIPTS);
    for (let size = 1; size <= 40; size++) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      const held = await text(Readable.from(chunks).pipe(holdStartTagsStream()));
      expect(held).toBe(holdStartTags(SCRIPTS));
    }
  });

  it('releases them with a script that is valid JavaScript on one line', () => {
    expect(startScript).not.toContain('\n');
    expect(() => new Function(startScript)).not.toThrow();
  });
});
