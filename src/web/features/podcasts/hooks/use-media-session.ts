import { useEffect } from 'react';
import type { Podcast } from '../../../../shared/schemas/podcasts';
import { SKIP_SECONDS } from '../lib/playback';

interface MediaSessionControls {
  playing: boolean;
  play: () => void;
  pause: () => void;
  skip: (delta: number) => void;
  seekTo: (seconds: number) => void;
}

/** Media Session: lock-screen / hardware keys. */
export function useMediaSession(podcast: Podcast, { playing, play, pause, skip, seekTo }: MediaSessionControls) {
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator) || !navigator.mediaSession) return;
    const session = navigator.mediaSession;
    if (typeof MediaMetadata !== 'undefined') {
      session.metadata = new MediaMetadata({
        title: podcast.title,
        artist: 'Trackside',
        album: podcast.podcast_categories.name,
        artwork: podcast.image_url ? [{ src: podcast.image_url }] : [],
      });
    }
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', play],
      ['pause', pause],
      ['seekbackward', (d) => skip(-(d.seekOffset ?? SKIP_SECONDS))],
      ['seekforward', (d) => skip(d.seekOffset ?? SKIP_SECONDS)],
      ['seekto', (d) => (d.seekTime === undefined ? undefined : seekTo(d.seekTime))],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // The browser does not support this action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // Not supported.
        }
      }
      session.metadata = null;
    };
  }, [podcast, play, pause, skip, seekTo]);

  useEffect(() => {
    if (typeof navigator !== 'undefined' && navigator.mediaSession) {
      navigator.mediaSession.playbackState = playing ? 'playing' : 'paused';
    }
  }, [playing]);
}
