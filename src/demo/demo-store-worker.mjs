// A worker thread starts without the shop's TypeScript loader: it registers its own, then loads the demo store.
import { register } from 'tsx/esm/api';

register();
await import('./demo-store-worker.ts');
