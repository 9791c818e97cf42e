import { RequestDemoPage } from '../features/leads/components/request-demo-page';

/** /request-demo (SPEC §2, noindex): our demo form, or the configured external one. */
export { RequestDemoPage, RequestDemoPage as Component };
