import { XMLBuilder } from 'fast-xml-parser';
import type { Podcast } from '../../../shared/schemas/podcasts';

const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
};

/** An absolute URL for a stored path ('/files/…') or an address given whole. */
export function absoluteUrl(url: string, publicUrl: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return new URL(url.startsWith('/') ? url : `/${url}`, `${publicUrl}/`).toString();
}

/** The MIME type podcast apps expect for an audio file, from its extension (MP3 when unknown). */
export function audioType(url: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase() ?? '';
  return AUDIO_TYPES[extension] ?? 'audio/mpeg';
}

/**
 * RSS 2.0 with one <item> per podcast (newest first) and an <enclosure> for each that has
 * audio. File sizes are not recorded, so enclosure lengths are 0 (the value RSS readers
 * accept for "unknown").
 */
export function buildPodcastFeed(podcasts: Podcast[], publicUrl: string): string {
  const libraryUrl = `${publicUrl}/podcast-library`;
  const lastBuild = podcasts[0] ? new Date(podcasts[0].publish_date) : new Date(0);
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    rss: {
      '@_version': '2.0',
      '@_xmlns:atom': 'http://www.w3.org/2005/Atom',
      '@_xmlns:itunes': 'http://www.itunes.com/dtds/podcast-1.0.dtd',
      channel: {
        title: 'Trackside Podcast Library',
        link: libraryUrl,
        description: 'Conversations and briefings for railway engineers: track, signalling, structures, electrification and the business of rail.',
        language: 'en',
        lastBuildDate: lastBuild.toUTCString(),
        'atom:link': { '@_href': `${publicUrl}/podcasts.xml`, '@_rel': 'self', '@_type': 'application/rss+xml' },
        'itunes:author': 'Trackside',
        'itunes:category': { '@_text': 'Technology' },
        'itunes:explicit': 'false',
        item: podcasts.map((p) => ({
          title: p.title,
          description: p.description,
          link: `${libraryUrl}#${p.id}`,
          guid: { '#text': p.id, '@_isPermaLink': 'false' },
          pubDate: new Date(p.publish_date).toUTCString(),
          category: p.podcast_categories.name,
          ...(p.audio_url ? { enclosure: { '@_url': absoluteUrl(p.audio_url, publicUrl), '@_length': '0', '@_type': audioType(p.audio_url) } } : {}),
          ...(p.duration ? { 'itunes:duration': p.duration } : {}),
          ...(p.image_url ? { 'itunes:image': { '@_href': absoluteUrl(p.image_url, publicUrl) } } : {}),
        })),
      },
    },
  }) as string;
}
