import { PageContainer, PageHeader } from '../components/layout/page-header';
import { NoticeList } from '../features/notices/components/notice-list';

/** /notices (protected): what changed in the standards the user follows, and where they relied on it. */
export function NoticesPage() {
  return (
    <PageContainer className="grid max-w-4xl gap-6">
      <PageHeader
        title="Notices"
        description="New editions of the standards you follow: the clauses that changed, and which of your conversations and document checks cited them."
      />
      <NoticeList />
    </PageContainer>
  );
}

export { NoticesPage as Component };
