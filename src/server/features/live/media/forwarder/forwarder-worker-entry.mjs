// The worker thread's entry from the source (tsx), in plain JavaScript: Node loads a worker's first file before the
// `--import tsx` hooks apply to it, so tsx is registered here and the TypeScript worker imported after.
import { register } from 'tsx/esm/api';

register();
await import('./forwarder-worker.ts');
