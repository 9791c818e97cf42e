import { twMerge } from 'tailwind-merge';
import { describe, expect, it, vi } from 'vitest';
import { mergeClasses } from './class-merge';

// tests/setup/web.ts mocks this module with a check against the full config; here the module itself is tested.
vi.unmock('./class-merge');

describe('mergeClasses', () => {
  it.each([
    ['h-9 px-4 py-2', 'h-10 px-3', 'py-2 h-10 px-3'],
    ['p-6', 'pt-0', 'p-6 pt-0'],
    ['p-6 pt-0', 'p-4', 'p-4'],
    ['size-9', 'w-12', 'size-9 w-12'],
    ['w-4 h-4', 'size-10', 'size-10'],
    ['text-sm text-muted-foreground', 'text-lg', 'text-muted-foreground text-lg'],
    ['text-sm text-muted-foreground', 'text-destructive', 'text-sm text-destructive'],
    ['text-balance text-foreground', 'text-pretty', 'text-foreground text-pretty'],
    ['leading-relaxed', 'text-sm', 'text-sm'],
    ['bg-card hover:bg-muted/50', 'bg-background hover:bg-accent', 'bg-background hover:bg-accent'],
    ['border border-input', 'border-t border-destructive', 'border border-t border-destructive'],
    ['rounded-md shadow-sm', 'rounded-xl shadow-none', 'rounded-xl shadow-none'],
    ['max-w-lg', 'sm:max-w-7xl max-w-sm', 'sm:max-w-7xl max-w-sm'],
    ['flex flex-col', 'grid', 'flex-col grid'],
    ['overflow-hidden', 'overflow-y-auto', 'overflow-hidden overflow-y-auto'],
    ['justify-center whitespace-nowrap', 'sm:justify-end whitespace-normal', 'justify-center sm:justify-end whitespace-normal'],
    ['text-amber-900 bg-amber-50', 'text-[13px] bg-(--surface)', 'text-amber-900 text-[13px] bg-(--surface)'],
  ])('%s + %s → %s, as the full tailwind-merge', (base, override, merged) => {
    expect(mergeClasses(base, override)).toBe(merged);
    expect(twMerge(base, override)).toBe(merged);
  });

  it('keeps classes of groups it does not know', () => {
    expect(mergeClasses('bg-gradient-to-b from-primary bg-card', 'ring-2 ring-ring')).toBe('bg-gradient-to-b from-primary bg-card ring-2 ring-ring');
  });
});
