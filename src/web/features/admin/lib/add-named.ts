import type { UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { messages } from '../../../../shared/messages';
import { serverFieldErrors, serverMessage } from '../../../lib/server-errors';

interface NamedForm {
  reset: () => void;
  setError: UseFormSetError<{ name: string }>;
}

/**
 * The submit handler of a form that adds a named row (a category, a tag): the 'Added' toast and a
 * fresh form, or the server's message, with its error on the name field focused.
 */
export function addNamed<Values, Saved extends { name: string }>(
  create: (values: Values) => Promise<Saved>,
  form: NamedForm,
  text: { added: string; failed: string },
): (values: Values) => Promise<void> {
  return async (values) => {
    try {
      const saved = await create(values);
      toast.success(text.added, { description: saved.name });
      form.reset();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.name) form.setError('name', { message: fields.name }, { shouldFocus: true });
      toast.error(messages.toast.errorTitle, { description: serverMessage(error, text.failed) });
    }
  };
}
