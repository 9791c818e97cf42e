import { StubPage } from '../components/layout/stub-page';

/** Pricing (SPEC §2). */
export function PricingPage() {
  return <StubPage title="Pricing" description="Plans for individual engineers, teams and organisations." />;
}

export { PricingPage as Component };
