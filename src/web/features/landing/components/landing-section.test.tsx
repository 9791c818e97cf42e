import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingSection } from './landing-section';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;

/** A hand-driven IntersectionObserver. */
function installObserver() {
  const observers: { callback: Callback; options?: IntersectionObserverInit }[] = [];
  class FakeObserver {
    constructor(callback: Callback, options?: IntersectionObserverInit) {
      observers.push({ callback, options });
    }
    observe() {}
    disconnect() {}
    unobserve() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return observers;
}

function section() {
  return screen.getByRole('region', { name: 'Features' });
}

describe('LandingSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is visible without IntersectionObserver (and so in the server-rendered HTML)', () => {
    render(
      <LandingSection id="features" title="Features">
        <p>Body</p>
      </LandingSection>,
    );
    expect(section()).toHaveAttribute('data-revealed', 'true');
    expect(section()).not.toHaveClass('opacity-0');
  });

  it('hides when out of view on arrival and fades in once 10 % of it is visible', () => {
    const observers = installObserver();
    render(
      <LandingSection id="features" title="Features">
        <p>Body</p>
      </LandingSection>,
    );
    expect(section()).toHaveAttribute('data-revealed', 'true');
    const [observer] = observers;
    expect(observer!.options?.threshold).toEqual([0, 0.1]);
    act(() => observer!.callback([{ isIntersecting: false, intersectionRatio: 0 }]));
    expect(section()).toHaveClass('opacity-0');
    act(() => observer!.callback([{ isIntersecting: true, intersectionRatio: 0.05 }]));
    expect(section()).toHaveClass('opacity-0');
    act(() => observer!.callback([{ isIntersecting: true, intersectionRatio: 0.1 }]));
    expect(section()).toHaveAttribute('data-revealed', 'true');
    expect(section()).toHaveClass('duration-600');
  });

  it('stays visible when already in view on arrival, and under reduced motion', () => {
    const observers = installObserver();
    const { unmount } = render(
      <LandingSection id="features" title="Features">
        <p>Body</p>
      </LandingSection>,
    );
    act(() => observers[0]!.callback([{ isIntersecting: true, intersectionRatio: 0.02 }]));
    expect(section()).toHaveAttribute('data-revealed', 'true');
    unmount();

    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), addEventListener() {}, removeEventListener() {} }));
    const before = observers.length;
    render(
      <LandingSection id="features" title="Features">
        <p>Body</p>
      </LandingSection>,
    );
    expect(observers.length).toBe(before);
    expect(section()).toHaveAttribute('data-revealed', 'true');
  });
});
