import { StubPage } from '../components/layout/stub-page';

/** Knowledge Hub (SPEC §2). */
export function KnowledgeHubPage() {
  return <StubPage title="Knowledge Hub" description="Articles and whitepapers on railway engineering." />;
}

export { KnowledgeHubPage as Component };
