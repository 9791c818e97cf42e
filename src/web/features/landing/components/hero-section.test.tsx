import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { resetAuthMock } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { HeroSection } from './hero-section';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const VIDEO_URL = 'https://media.example.com/trackside-sample.mp4';
const routes = [{ path: '/', element: <HeroSection /> }];

describe('HeroSection', () => {
  beforeEach(() => {
    resetAuthMock();
    resetApiMock();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the headline over the poster image, and no player without a video URL', async () => {
    mockApiGet({ '/config': {} });
    renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Railway Expertise, On-Demand: Streamline Your Design & Compliance');
    const poster = document.querySelector('img')!;
    expect(poster).toHaveAttribute('src', '/images/hero-track.svg');
    expect(poster).toHaveAttribute('width', '1600');
    expect(poster).toHaveAttribute('height', '900');
    expect(screen.queryByTestId('hero-video')).not.toBeInTheDocument();
  });

  it('plays the configured video muted and looping over the poster, and drops it on error', async () => {
    mockApiGet({ '/config': { site: { heroVideoUrl: VIDEO_URL } } });
    renderRoutes(routes, '/');
    const video = (await screen.findByTestId('hero-video')) as HTMLVideoElement;
    expect(video).toHaveAttribute('src', VIDEO_URL);
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video).toHaveAttribute('poster', '/images/hero-track.svg');
    expect(video).toHaveClass('opacity-0');
    fireEvent.playing(video);
    expect(video).toHaveClass('opacity-100');
    fireEvent.error(video);
    expect(screen.queryByTestId('hero-video')).not.toBeInTheDocument();
    expect(document.querySelector('img')).toBeInTheDocument();
  });

  it('leaves the video out for visitors who prefer reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), addEventListener() {}, removeEventListener() {} }));
    mockApiGet({ '/config': { site: { heroVideoUrl: VIDEO_URL } } });
    renderRoutes(routes, '/');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('hero-video')).not.toBeInTheDocument();
  });
});
