/**
 * What `import … from 'sonner'` resolves to in the app's build (vite.config.ts points every
 * importer but this file here): sonner itself, plus a signal that mounts the app's Toaster
 * as soon as any chunk that can toast has loaded. sonner shows the toasts raised before its
 * Toaster subscribed, so nothing is lost while the Toaster's own chunk arrives.
 */
import { requestToaster } from './toaster-signal';

export * from 'sonner';

requestToaster();
