import { StubPage } from '../components/layout/stub-page';

/** Podcast Library (SPEC §2). */
export function PodcastLibraryPage() {
  return <StubPage title="Podcast Library" description="Listen to railway engineering podcasts." />;
}

export { PodcastLibraryPage as Component };
