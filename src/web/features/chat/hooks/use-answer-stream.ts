import { useCallback, useRef, useState } from 'react';

/**
 * The one answer in flight: its abort controller, the loading flag and the streamed text so far.
 * Only the latest request may end the loading state, so an answer arriving after Clear or after
 * another thread was opened changes nothing.
 */
export function useAnswerStream() {
  const [isLoading, setIsLoading] = useState(false);
  const [streamingText, setStreamingText] = useState('');
  const controllerRef = useRef<AbortController | null>(null);

  const begin = useCallback((): AbortController => {
    const controller = new AbortController();
    controllerRef.current = controller;
    setIsLoading(true);
    setStreamingText('');
    return controller;
  }, []);

  const onToken = useCallback((token: string) => setStreamingText((text) => text + token), []);

  const end = useCallback((controller: AbortController) => {
    if (controllerRef.current !== controller) return;
    controllerRef.current = null;
    setIsLoading(false);
    setStreamingText('');
  }, []);

  const cancel = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setIsLoading(false);
    setStreamingText('');
  }, []);

  return { isLoading, streamingText, begin, onToken, end, cancel };
}
