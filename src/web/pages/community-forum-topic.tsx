import { TopicPage } from '../features/forum/components/topic-page';

/** One community forum topic (`/community-forum/:id`). */
export { TopicPage as CommunityForumTopicPage, TopicPage as Component };
