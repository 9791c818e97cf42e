import type { Material } from '../../../../shared/schemas/knowledge';

/** A knowledge material with sensible defaults for tests. */
export function materialFixture(values: Partial<Material> = {}): Material {
  return {
    id: 'm-1',
    kind: 'article',
    title: 'Rail Grinding Strategies',
    abstract: 'How grinding extends rail life.',
    content: '## Why grind\n\nGrinding **removes** defects.',
    category_id: 'cat-track',
    podcast_categories: { id: 'cat-track', name: 'Track Engineering' },
    author: 'Ada Lovelace',
    read_time: '5 min read',
    featured: false,
    image_url: null,
    file_url: null,
    tags: [{ id: 'tag-rail', name: 'rail' }],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    preview: false,
    ...values,
  };
}

/** The guest view of a material: no content, no file. */
export function previewOf(material: Material): Material {
  return { ...material, content: undefined, file_url: undefined, preview: true };
}
