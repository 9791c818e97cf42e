import { lazy, Suspense } from 'react';
import { displayName } from '../../../../shared/display-name';
import { messages } from '../../../../shared/messages';
import { PageContainer, PageHeader } from '../../../components/layout/page-header';
import { useSession } from '../../../lib/session/use-session';
import { useTopics } from '../api/get-topics';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import { TopicList } from './topic-list';

export const FORUM_PAGE_DESCRIPTION = 'Ask questions, share field experience and discuss railway engineering with other practitioners.';

const ForumBoard = lazy(() => import('./forum-board').then((module) => ({ default: module.ForumBoard })));

/** Guests: the 2-topic preview (SPEC §9) and a sign-in prompt that brings them back. */
function ForumPreview() {
  const list = useTopics({}, null);
  return (
    <PageContainer className="grid gap-6 py-8 sm:py-10">
      <PageHeader title="Community Forum" description={FORUM_PAGE_DESCRIPTION} />
      <SignInPrompt message={messages.forum.signInToSeeMore} />
      <section aria-labelledby="forum-preview-heading" className="grid gap-4">
        <h2 id="forum-preview-heading" className="text-xl font-semibold">
          A preview of the discussions
        </h2>
        <TopicList data={list.data} loading={list.isPending} error={list.isError} label="Topic preview" />
      </section>
    </PageContainer>
  );
}

/** SPEC §2 /community-forum: a preview for guests, the whole forum for signed-in users. */
export function ForumPage() {
  const { status, user } = useSession();
  if (status === 'loading') return <ForumLoading />;
  if (status === 'signed-out' || !user) return <ForumPreview />;
  return (
    <Suspense fallback={<ForumLoading />}>
      <ForumBoard viewer={user.id} name={displayName(null, user.email) || 'Member'} />
    </Suspense>
  );
}

/** Until the session is known, and while the signed-in forum's chunk loads. */
function ForumLoading() {
  return (
    <PageContainer className="grid gap-6 py-8 sm:py-10">
      <PageHeader title="Community Forum" description={FORUM_PAGE_DESCRIPTION} />
      <p role="status" className="py-12 text-center text-muted-foreground">
        Loading…
      </p>
    </PageContainer>
  );
}
