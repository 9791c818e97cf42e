import { AboutPage } from '../features/public-site/components/about-page';

/** /about (SPEC §2 About). */
export { AboutPage, AboutPage as Component };
