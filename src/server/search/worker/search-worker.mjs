// A worker thread starts without the shop's TypeScript loader: it registers its own, then runs the worker.
import { register } from 'tsx/esm/api';

register();
await import('./search-worker.ts');
