// A child process starts without the shop's TypeScript loader: it registers its own, then runs the renderer.
import { register } from 'tsx/esm/api';

register();
await import('./render-ahead-child.ts');
