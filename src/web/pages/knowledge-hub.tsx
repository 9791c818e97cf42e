import { KnowledgeHubPage } from '../features/knowledge/components/knowledge-hub-page';

/** Knowledge Hub (SPEC §2). */
export { KnowledgeHubPage, KnowledgeHubPage as Component };
