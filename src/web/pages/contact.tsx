import { StubPage } from '../components/layout/stub-page';

/** Contact us (SPEC §2). */
export function ContactPage() {
  return <StubPage title="Contact us" description="Talk to our railway engineering experts." />;
}

export { ContactPage as Component };
