import { ChecksPage } from '../features/checks/components/checks-page';

/** /checks[/:id]: the document check. */
export { ChecksPage as Component };
