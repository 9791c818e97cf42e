import { StubPage } from '../components/layout/stub-page';

/** Request a Demo (SPEC §2). */
export function RequestDemoPage() {
  return <StubPage title="Request a Demo" description="See how Trackside supports your design and compliance work." />;
}

export { RequestDemoPage as Component };
