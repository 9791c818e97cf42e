import { expectTypeOf, it } from 'vitest';
import type { forumModerationDecisions, forumTopics } from '../modules/forum/tables';
import type { SqlRow } from './sql-row';

// Checked by the type checker (npm run typecheck): a raw row's keys and types follow the table.
it('names every column as SQL does, with the type the table gives it', () => {
  expectTypeOf<SqlRow<typeof forumTopics>['last_activity_at']>().toEqualTypeOf<Date>();
  expectTypeOf<SqlRow<typeof forumTopics>['moderation_reason']>().toEqualTypeOf<string | null>();
  expectTypeOf<SqlRow<typeof forumTopics>['status']>().toEqualTypeOf<'published' | 'held' | 'hidden' | 'rejected'>();
  expectTypeOf<SqlRow<typeof forumModerationDecisions>>().toHaveProperty('post_kind');
  expectTypeOf<SqlRow<typeof forumTopics>>().not.toHaveProperty('lastActivityAt');
});
