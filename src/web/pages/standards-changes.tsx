import { EditionChangesView } from '../features/standards/components/edition-changes';

/** /standards/:code/changes: what changed between two editions of a document. */
export function StandardsChangesPage() {
  return <EditionChangesView />;
}

export { StandardsChangesPage as Component };
