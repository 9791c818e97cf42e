import { StubPage } from '../components/layout/stub-page';

/** Community Forum (SPEC §2). */
export function CommunityForumPage() {
  return <StubPage title="Community Forum" description="Discuss questions with other railway engineers." />;
}

export { CommunityForumPage as Component };
