import { describe, expect, it } from 'vitest';
import { recordEarlyTaps, takeEarlyTap } from './early-taps';

describe('early taps', () => {
  it('records taps on marked elements until the owner takes them, then stops recording', () => {
    document.body.innerHTML = '<button data-early-tap="mobile-menu"><svg></svg></button><button>Other</button>';
    const [menu, other] = document.querySelectorAll('button');
    recordEarlyTaps();
    other!.click();
    menu!.querySelector('svg')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(takeEarlyTap('mobile-menu')).toBe(true);
    expect(takeEarlyTap('mobile-menu')).toBe(false);
    menu!.click();
    expect(takeEarlyTap('mobile-menu')).toBe(false);
  });
});
