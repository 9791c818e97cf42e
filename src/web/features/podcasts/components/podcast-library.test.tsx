import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category, Podcast } from '../../../../shared/schemas/podcasts';
import { mockApiGet, resetApiMock } from '../../../test/api-client-mock';
import { resetAuthMock } from '../../../test/auth-client-mock';
import { renderRoutes } from '../../../test/render';
import { PodcastLibraryPage } from '../../../pages/podcast-library';

vi.mock('../../../lib/auth-client', () => import('../../../test/auth-client-mock'));
vi.mock('../../../lib/api-client', () => import('../../../test/api-client-mock'));

const track: Category = { id: 'cat-track', name: 'Track Engineering', description: null };
const signals: Category = { id: 'cat-signals', name: 'Signalling', description: null };
const unused: Category = { id: 'cat-unused', name: 'Unused Category', description: null };

function podcast(overrides: Partial<Podcast> & Pick<Podcast, 'id' | 'title'>): Podcast {
  return {
    description: `About ${overrides.title}`,
    category_id: track.id,
    featured: false,
    duration: '32:45',
    image_url: 'https://example.com/cover.jpg',
    audio_url: '/audio/episode.mp3',
    publish_date: '2025-03-01T00:00:00.000Z',
    created_at: '2025-03-01T00:00:00.000Z',
    updated_at: '2025-03-01T00:00:00.000Z',
    podcast_categories: { id: track.id, name: track.name },
    ...overrides,
  };
}

const first = podcast({ id: 'p1', title: 'Rail Grinding Basics' });
const featured = podcast({
  id: 'p2',
  title: 'Signalling in the Digital Age',
  featured: true,
  category_id: signals.id,
  podcast_categories: { id: signals.id, name: signals.name },
});
const bare = podcast({ id: 'p3', title: 'Ballast Myths', image_url: null, duration: null, audio_url: null });

function renderPage(podcasts: Podcast[], categories: Category[] = [track, signals, unused], search = '') {
  mockApiGet({ '/podcasts': podcasts, '/categories': categories });
  return renderRoutes([{ path: '/podcast-library', element: <PodcastLibraryPage /> }], { pathname: '/podcast-library', search });
}

const player = () => screen.getByRole('region', { name: 'Podcast player' });

beforeEach(() => {
  resetApiMock();
  resetAuthMock();
  localStorage.clear();
  // jsdom does not implement media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Podcast Library page', () => {
  it('shows the heading and preselects the featured podcast', async () => {
    renderPage([first, featured, bare]);
    expect(screen.getByRole('heading', { level: 1, name: 'Podcast Library' })).toBeInTheDocument();
    expect(await within(await screen.findByRole('region', { name: 'Podcast player' })).findByRole('heading', { name: featured.title })).toBeInTheDocument();
  });

  it('preselects the first podcast when none is featured', async () => {
    renderPage([first, bare]);
    expect(await within(await screen.findByRole('region', { name: 'Podcast player' })).findByRole('heading', { name: first.title })).toBeInTheDocument();
  });

  it('has All, Featured and one tab per category, an empty one saying so', async () => {
    const user = userEvent.setup();
    renderPage([first, featured]);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['All Podcasts', 'Featured', 'Track Engineering', 'Signalling', 'Unused Category']);

    expect(screen.getByRole('list')).toHaveClass('grid-cols-1', 'sm:grid-cols-2', 'lg:grid-cols-3');

    await user.click(screen.getByRole('tab', { name: 'Signalling' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('button', { name: `Play ${featured.title}` })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: `Play ${first.title}` })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Unused Category' }));
    expect(within(screen.getByRole('tabpanel')).getByText('No podcasts available in this category.')).toBeInTheDocument();
  });

  it('shows the empty messages', async () => {
    const user = userEvent.setup();
    renderPage([]);
    expect(await screen.findByText('No podcasts available.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Podcast player' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Featured' }));
    expect(screen.getByText('No featured podcasts available.')).toBeInTheDocument();
  });

  it("shows 'No featured podcasts available.' when nothing is featured", async () => {
    const user = userEvent.setup();
    renderPage([first]);
    await screen.findByRole('button', { name: `Play ${first.title}` });
    await user.click(screen.getByRole('tab', { name: 'Featured' }));
    expect(screen.getByText('No featured podcasts available.')).toBeInTheDocument();
  });

  it("shows 'No Image', 'Unknown duration' and the card details", async () => {
    renderPage([featured, bare]);
    const card = await screen.findByRole('button', { name: `Play ${bare.title}` });
    expect(within(card).getByText('No Image')).toBeInTheDocument();
    expect(within(card).getByText('Unknown duration')).toBeInTheDocument();
    expect(within(card).getByText('Track Engineering')).toBeInTheDocument();
    expect(within(card).getByText(bare.description)).toBeInTheDocument();
    expect(
      within(card).getByText(new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(bare.publish_date))),
    ).toBeInTheDocument();

    const featuredCard = screen.getByRole('button', { name: `Play ${featured.title}` });
    expect(within(featuredCard).getByText('Featured')).toBeInTheDocument();
    expect(within(featuredCard).getByText('32:45')).toBeInTheDocument();
    const img = featuredCard.querySelector('img');
    // First row: in view as the page opens, so not lazy (it is the page's largest paint).
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
  });

  it('selects a podcast when its card is clicked, and shows Audio coming soon without audio', async () => {
    const user = userEvent.setup();
    renderPage([featured, first, bare]);
    await user.click(await screen.findByRole('button', { name: `Play ${first.title}` }));
    expect(within(player()).getByRole('heading', { name: first.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Play ${first.title}` })).toHaveAttribute('aria-pressed', 'true');

    screen.getByRole('button', { name: `Play ${bare.title}` }).focus();
    await user.keyboard('{Enter}');
    expect(within(player()).getByRole('heading', { name: bare.title })).toBeInTheDocument();
    expect(within(player()).getByText('Audio coming soon')).toBeInTheDocument();
    expect(within(player()).queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();
  });

  it('starts the audio at volume 0.8 with labelled controls', async () => {
    const user = userEvent.setup();
    renderPage([featured]);
    const volume = await screen.findByRole('slider', { name: 'Volume' });
    expect(volume).toHaveValue('0.8');
    const audio = screen.getByTestId('podcast-audio') as HTMLAudioElement;
    expect(audio.volume).toBeCloseTo(0.8);
    expect(screen.getByRole('slider', { name: 'Seek' })).toHaveAttribute('step', '0.1');
    expect(screen.getByRole('combobox', { name: 'Playback speed' })).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Skip back 10 seconds' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip forward 10 seconds' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(audio.muted).toBe(true);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Playback speed' }), '1.5');
    expect(audio.playbackRate).toBe(1.5);
  });

  it('toggles play with Space and skips with the arrow keys when the player has focus', async () => {
    const user = userEvent.setup();
    renderPage([featured]);
    const group = await screen.findByRole('group', { name: /Audio controls for/ });
    const audio = screen.getByTestId('podcast-audio') as HTMLAudioElement;
    group.focus();
    await user.keyboard(' ');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    await user.keyboard('{ArrowRight}');
    expect(audio.currentTime).toBe(10);
    await user.keyboard('{ArrowLeft}');
    expect(audio.currentTime).toBe(0);
  });

  it('starts at the deep-linked ?t= position', async () => {
    renderPage([featured], [signals], '?t=42');
    const audio = (await screen.findByTestId('podcast-audio')) as HTMLAudioElement;
    audio.dispatchEvent(new Event('loadedmetadata'));
    expect(audio.currentTime).toBe(42);
  });

  it('starts at the ?t= position when the audio read its metadata before the page hydrated', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_METADATA);
    renderPage([featured], [signals], '?t=42');
    const audio = (await screen.findByTestId('podcast-audio')) as HTMLAudioElement;
    expect(audio.currentTime).toBe(42);
  });

  it('resumes at the remembered position of the episode', async () => {
    localStorage.setItem(`podcastPosition:${featured.id}`, '75');
    renderPage([featured], [signals]);
    const audio = (await screen.findByTestId('podcast-audio')) as HTMLAudioElement;
    audio.dispatchEvent(new Event('loadedmetadata'));
    expect(audio.currentTime).toBe(75);
  });
});
