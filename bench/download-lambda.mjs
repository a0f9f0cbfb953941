// Entry of a benchmark download "Lambda" thread (see download-lambda.ts): a worker does not inherit
// tsx's loader, so it registers it before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./download-lambda.ts');
