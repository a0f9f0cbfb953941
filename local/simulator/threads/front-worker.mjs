// Entry of the simulator's front-door thread (see thread.ts): a worker does not inherit tsx's loader,
// so it registers it before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./front-worker.ts');
