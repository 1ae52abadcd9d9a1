// The worker thread's entry: worker threads do not inherit the TypeScript loader the command
// line runs under (tsx), so register it here, then load the worker itself (simulateWorker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./simulateWorker.ts');
