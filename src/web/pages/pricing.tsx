import { PricingPage } from '../features/public-site/components/pricing-page';

/** /pricing (SPEC §2, signed-in only): the plans of SPEC §9. */
export { PricingPage, PricingPage as Component };
