/**
 * The process that renders pictures ahead of need (render-ahead.ts): it says it is ready, takes one plan,
 * renders it, answers the summary and exits. Pictures it cannot read are counted; the server logs the count.
 */
import { ImageRenditions } from './image-renditions.ts';
import { openMediaStore } from './open-media-store.ts';
import { renderInOrder, type RenderAheadMessage, type RenderAheadRequest } from './render-ahead.ts';

const tell = (message: RenderAheadMessage, then: () => void = () => undefined) => process.send?.(message, then);

// With the server gone there is no one to render for.
process.once('disconnect', () => process.exit(0));
process.once('message', async (request: RenderAheadRequest) => {
  const store = await openMediaStore(request.media, request.database);
  const summary = await renderInOrder(new ImageRenditions(store, request.cacheDir), request.plan, {
    warn: () => undefined,
  });
  await store.close();
  tell({ kind: 'done', summary }, () => process.exit(0));
});
tell({ kind: 'ready' });
