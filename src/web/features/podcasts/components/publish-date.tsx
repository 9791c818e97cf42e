import { useSyncExternalStore } from 'react';
import { formatPublishDate } from '../lib/format';

/** The reader's locale does not change while the page is open. */
const noChanges = () => () => undefined;

/**
 * A publish date as the reader's locale writes it. The server, which renders the page ahead, does
 * not know that locale: it writes en-US, hydration keeps that text, and the reader's own format
 * follows at once. Text differing from the HTML would make React render the whole page again.
 */
export function PublishDate({ value }: { value: string }) {
  const text = useSyncExternalStore(
    noChanges,
    () => formatPublishDate(value, navigator.languages),
    () => formatPublishDate(value, 'en-US'),
  );
  return <time dateTime={value}>{text}</time>;
}
