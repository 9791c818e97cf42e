import type { ExternalToast } from 'sonner';
import { requestToaster } from './toaster-signal';

type Show = (message: string, data?: ExternalToast) => void;

/**
 * Toasts for code in every page's first load (the API client, the header's sign-out, the
 * landing page): sonner loads with the first toast rather than with the page. Code in route
 * chunks that load later imports `toast` from 'sonner' directly.
 */
function lazily(kind: 'success' | 'error' | 'info' | 'warning' | 'message'): Show {
  return (message, data) => {
    requestToaster();
    void import('sonner').then(({ toast }) => toast[kind](message, data));
  };
}

export const toast = {
  success: lazily('success'),
  error: lazily('error'),
  info: lazily('info'),
  warning: lazily('warning'),
  message: lazily('message'),
};
