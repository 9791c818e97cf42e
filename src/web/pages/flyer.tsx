import { FlyerPage } from '../features/flyer/components/flyer-page';

/** /flyer (SPEC §2, noindex): the investor flyer behind the protected content gate. */
export { FlyerPage, FlyerPage as Component };
