import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Pages are lazy route modules: the first render of one waits for Vite to transform it, which
// takes longer than Testing Library's default second on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());

// The app merges classes with a subset of tailwind-merge's config (src/web/lib/class-merge.ts):
// every class list a test renders must come out as the full config would merge it.
vi.mock('../../src/web/lib/class-merge', async (importOriginal) => {
  const { mergeClasses } = await importOriginal<typeof import('../../src/web/lib/class-merge')>();
  const { twMerge } = await import('tailwind-merge');
  return {
    mergeClasses(classList: string) {
      const merged = mergeClasses(classList);
      const expected = twMerge(classList);
      if (merged !== expected) {
        throw new Error(
          `src/web/lib/class-merge.ts merges "${classList}" to "${merged}"; tailwind-merge's full config gives "${expected}". Add the class group it lacks.`,
        );
      }
      return merged;
    },
  };
});
