import { MaterialDetailPage } from '../features/knowledge/components/material-detail-page';

/** One knowledge hub article or whitepaper (`/knowledge-hub/:id`). */
export { MaterialDetailPage, MaterialDetailPage as Component };
