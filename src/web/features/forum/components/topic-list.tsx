import { ChevronLeftIcon, ChevronRightIcon, MessagesSquareIcon } from 'lucide-react';
import { messages } from '../../../../shared/messages';
import type { TopicListResponse } from '../../../../shared/schemas/forum';
import { Button } from '../../../components/ui/button';
import { TopicCard } from './topic-card';

/** Previous / Next with "Page 2 of 5"; nothing when everything fits on one page. */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon aria-hidden />
        Previous
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRightIcon aria-hidden />
      </Button>
    </nav>
  );
}

/** SPEC §2 empty state. */
export function EmptyTopics() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-12 text-center">
      <MessagesSquareIcon className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-lg font-semibold">{messages.forum.emptyTitle}</p>
      <p className="text-sm text-muted-foreground">{messages.forum.emptyDescription}</p>
    </div>
  );
}

/** The topics of one page, with loading, failure and empty states. */
export function TopicList({
  data,
  loading,
  error,
  label,
  onTagSelect,
  selectedTag,
}: {
  data: TopicListResponse | undefined;
  loading: boolean;
  error: boolean;
  label: string;
  onTagSelect?: (tag: string) => void;
  selectedTag?: string;
}) {
  if (loading && !data) {
    return (
      <p role="status" className="py-12 text-center text-muted-foreground">
        Loading topics…
      </p>
    );
  }
  if (error && !data) {
    return (
      <p role="alert" className="py-12 text-center text-destructive">
        Could not load the forum. Please try again.
      </p>
    );
  }
  if (!data || data.items.length === 0) return <EmptyTopics />;
  return (
    <ul aria-label={label} className="flex flex-col gap-4">
      {data.items.map((topic) => (
        <li key={topic.id}>
          <TopicCard topic={topic} onTagSelect={onTagSelect} selectedTag={selectedTag} />
        </li>
      ))}
    </ul>
  );
}
