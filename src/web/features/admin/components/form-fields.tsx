import { useId, type ComponentProps } from 'react';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Field, type FieldChrome } from '../../../components/ui/text-field';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/utils';

/** A labelled textarea with its validation message. */
export function TextareaField({ label, error, hint, id, className, ...props }: FieldChrome & ComponentProps<'textarea'>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field id={fieldId} label={label} error={error} hint={hint} className={className}>
      {(describedBy) => <Textarea id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />}
    </Field>
  );
}

/** A labelled native select with its validation message. */
export function SelectField({ label, error, hint, id, className, children, ...props }: FieldChrome & ComponentProps<'select'>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field id={fieldId} label={label} error={error} hint={hint} className={className}>
      {(describedBy) => (
        <NativeSelect id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props}>
          {children}
        </NativeSelect>
      )}
    </Field>
  );
}

/** A checkbox with its label to the right and an optional hint below. */
export function CheckboxField({ label, hint, id, className, ...props }: Omit<FieldChrome, 'error'> & Omit<ComponentProps<'input'>, 'type'>) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={fieldId}
        type="checkbox"
        aria-describedby={hint ? hintId : undefined}
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-input accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed"
        {...props}
      />
      <div className="grid gap-1">
        <Label htmlFor={fieldId} className="cursor-pointer">
          {label}
        </Label>
        {hint ? (
          <p id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
