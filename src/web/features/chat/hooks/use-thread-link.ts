import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Thread } from '../../../../shared/schemas/chat';
import { getThread } from '../api/threads';

/**
 * `/chat?thread=<id>` (a notice's link to a conversation that cited a changed clause) opens that
 * conversation once the standards are known, then drops the parameter, so a reload does not
 * open it again over what the user did since.
 */
export function useThreadLink(openThread: (thread: Thread) => void, ready: boolean) {
  const [params, setParams] = useSearchParams();
  const id = params.get('thread');
  const open = useRef(openThread);
  useEffect(() => {
    open.current = openThread;
  }, [openThread]);
  useEffect(() => {
    if (!id || !ready) return;
    let cancelled = false;
    getThread(id)
      .then((thread) => {
        if (!cancelled) open.current(thread);
      })
      // A conversation deleted since: the failure's toast says so, and the chat stays as it was.
      .catch(() => undefined)
      .finally(() => {
        if (cancelled) return;
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('thread');
            return next;
          },
          { replace: true },
        );
      });
    return () => {
      cancelled = true;
    };
  }, [id, ready, setParams]);
}
