import { useState } from 'react';

/**
 * Whether a content form is saving, also told to the sheet around it (`onBusyChange`). Set from
 * the save handler, which runs once validation has passed: fields disabled while the form
 * validates could not take react-hook-form's focus on the first invalid one.
 */
export function useSaving(onBusyChange: (busy: boolean) => void): [saving: boolean, setSaving: (busy: boolean) => void] {
  const [saving, setSaving] = useState(false);
  return [
    saving,
    (busy) => {
      setSaving(busy);
      onBusyChange(busy);
    },
  ];
}
