import { StubPage } from '../components/layout/stub-page';

/** Compliance Assistant (SPEC §2). */
export function ChatPage() {
  return <StubPage title="Compliance Assistant" description="Ask railway engineering questions against a chosen standard and discipline." />;
}

export { ChatPage as Component };
