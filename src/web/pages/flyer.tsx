import { StubPage } from '../components/layout/stub-page';

/** Investment Opportunity (SPEC §2). */
export function FlyerPage() {
  return <StubPage title="Investment Opportunity" description="Information for investors and sponsors." />;
}

export { FlyerPage as Component };
