import { useEffect } from 'react';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';

/**
 * Shows SPEC §8's destructive 'Error' toast with `description` when a list fails to load
 * (a fixed id per message, so StrictMode's double effect and remounts do not stack them).
 */
export function useLoadErrorToast(isError: boolean, description: string): void {
  useEffect(() => {
    if (isError) toast.error(messages.toast.errorTitle, { id: `admin-load:${description}`, description });
  }, [isError, description]);
}
