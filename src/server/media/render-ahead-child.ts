/**
 * The process that renders pictures ahead of need (render-ahead.ts): it says it is ready, takes one plan,
 * renders it, answers the summary and exits. Pictures it cannot read are counted; the server logs the count.
 */
import { ImageRenditions } from './image-renditions.ts';
import { renderInOrder, type RenderAheadMessage, type RenderAheadRequest } from './render-ahead.ts';

const tell = (message: RenderAheadMessage, then: () => void = () => undefined) => process.send?.(message, then);

// With the server gone there is no one to render for.
process.once('disconnect', () => process.exit(0));
process.once('message', (request: RenderAheadRequest) => {
  const images = new ImageRenditions(request.mediaDir, request.cacheDir);
  void renderInOrder(images, request.plan, { warn: () => undefined }).then((summary) =>
    tell({ kind: 'done', summary }, () => process.exit(0)),
  );
});
tell({ kind: 'ready' });
