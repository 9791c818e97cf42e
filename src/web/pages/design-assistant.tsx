import { StubPage } from '../components/layout/stub-page';

/** Design Assistant (SPEC §2). */
export function DesignAssistantPage() {
  return <StubPage title="Design Assistant" description="Design support for railway engineers." />;
}

export { DesignAssistantPage as Component };
