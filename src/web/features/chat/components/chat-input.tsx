import { SendHorizontalIcon } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { CHAT_LIMITS } from '../../../../shared/schemas/chat';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';

/**
 * SPEC §5 Chat input: Enter sends, Shift+Enter adds a newline, blank or whitespace-only
 * text is ignored. The text is kept when the send is refused (e.g. while loading).
 */
export function ChatInput({
  onSend,
  isLoading,
  disabledReason,
}: {
  onSend: (text: string) => Promise<boolean> | boolean;
  isLoading: boolean;
  /** Why sending is impossible (no standard loaded…); disables the box. */
  disabledReason?: string | undefined;
}) {
  const [text, setText] = useState('');
  const id = useId();
  const isBlank = text.trim() === '';

  const submit = () => {
    if (isBlank || isLoading || disabledReason) return;
    const value = text;
    setText('');
    void Promise.resolve(onSend(value)).then((accepted) => {
      if (!accepted) setText(value);
    });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="mx-auto flex w-full max-w-3xl items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid flex-1 gap-1">
        <label htmlFor={id} className="sr-only">
          Ask a railway engineering question
        </label>
        <Textarea
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={handleKeyDown}
          rows={2}
          maxLength={CHAT_LIMITS.messageMax}
          placeholder={disabledReason ?? 'Ask a railway engineering question...'}
          disabled={Boolean(disabledReason)}
          aria-describedby={`${id}-hint`}
          className="max-h-48 min-h-12 resize-none"
        />
        <p id={`${id}-hint`} className="hidden text-xs text-muted-foreground sm:block">
          Enter to send, Shift+Enter for a new line.
          {text.length > CHAT_LIMITS.messageMax * 0.8 ? ` ${text.length}/${CHAT_LIMITS.messageMax}` : ''}
        </p>
      </div>
      <Button type="submit" size="icon" aria-label="Send message" disabled={isBlank || isLoading || Boolean(disabledReason)} className="mb-0 sm:mb-5">
        <SendHorizontalIcon aria-hidden />
      </Button>
    </form>
  );
}
