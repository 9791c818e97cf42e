import type { UseFormRegisterReturn } from 'react-hook-form';
import { FORUM } from '../../../../shared/schemas/forum';
import { Field } from '../../../components/ui/text-field';
import { Textarea } from '../../../components/ui/textarea';

/** The "Reason" box of a report or a rejection: labelled, bounded, its error announced. */
export function ReasonField({
  id,
  error,
  placeholder,
  registration,
}: {
  id: string;
  error: string | undefined;
  placeholder: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field id={id} label="Reason" error={error}>
      {(describedBy) => (
        <Textarea
          id={id}
          rows={4}
          maxLength={FORUM.reasonMax}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...registration}
        />
      )}
    </Field>
  );
}
