// The worker thread's entry: a worker starts without the main thread's TypeScript loader (tsx),
// and Node 20 ignores `--import` in a worker's execArgv, so it registers tsx itself first.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./check-worker.ts', import.meta.url).href);
