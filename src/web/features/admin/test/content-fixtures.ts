import type { Material, Tag } from '../../../../shared/schemas/knowledge';
import type { Category, Podcast } from '../../../../shared/schemas/podcasts';

export const trackCategory: Category = { id: '11111111-1111-4111-8111-111111111111', name: 'Track Engineering', description: 'Geometry, rail and sleepers.' };
export const signallingCategory: Category = { id: '22222222-2222-4222-8222-222222222222', name: 'Signalling', description: null };

export const railTag: Tag = { id: '33333333-3333-4333-8333-333333333331', name: 'Rail wear' };
export const gaugeTag: Tag = { id: '33333333-3333-4333-8333-333333333332', name: 'Gauge' };

/** A podcast with sensible defaults for tests. */
export function podcastFixture(values: Partial<Podcast> = {}): Podcast {
  return {
    id: '44444444-4444-4444-8444-444444444441',
    title: 'Sun Kinks and Stress-Free Temperature',
    description: 'Why continuous welded rail buckles in the heat.',
    category_id: trackCategory.id,
    featured: true,
    duration: '32:45',
    image_url: '/storage/podcasts/images/1735689600000_ab12.png',
    audio_url: '/storage/podcasts/audio/1735689600000_cd34.mp3',
    publish_date: '2026-03-01T09:00:00.000Z',
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
    podcast_categories: { id: trackCategory.id, name: trackCategory.name },
    ...values,
  };
}

/** A knowledge material (as an admin reads it: content and file included). */
export function materialFixture(values: Partial<Material> = {}): Material {
  return {
    id: '55555555-5555-4555-8555-555555555551',
    kind: 'whitepaper',
    title: 'Rail Grinding Strategies',
    abstract: 'How grinding extends rail life.',
    content: '## Why grind\n\nGrinding removes defects.',
    category_id: trackCategory.id,
    podcast_categories: { id: trackCategory.id, name: trackCategory.name },
    author: 'Ada Lovelace',
    read_time: '1 min read',
    featured: false,
    image_url: null,
    file_url: '/storage/podcasts/documents/1735689600000_ef56.pdf',
    tags: [railTag],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    preview: false,
    ...values,
  };
}

/** A file of `size` bytes without allocating them (for the size rules). */
export function fileOfSize(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
