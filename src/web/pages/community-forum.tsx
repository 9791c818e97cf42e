import { ForumPage } from '../features/forum/components/forum-page';

/** Community Forum (SPEC §2): the preview for guests, the whole forum when signed in. */
export { ForumPage as CommunityForumPage, ForumPage as Component };
