import { PageContainer, PageHeader } from '../components/layout/page-header';
import { PodcastLibrary } from '../features/podcasts/components/podcast-library';

/** Podcast Library (SPEC §2). */
export function PodcastLibraryPage() {
  return (
    <PageContainer className="grid grid-cols-1 gap-8">
      <PageHeader title="Podcast Library" description="Listen to railway engineering podcasts." />
      <PodcastLibrary />
    </PageContainer>
  );
}

export { PodcastLibraryPage as Component };
