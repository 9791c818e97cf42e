import { Pause, Play, RotateCcw, RotateCw, Volume2, VolumeX } from 'lucide-react';
import { useCallback, useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from 'react';
import type { Podcast } from '../../../../shared/schemas/podcasts';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/native-select';
import { formatClock, readPosition, writePosition } from '../lib/format';

export const DEFAULT_VOLUME = 0.8;
export const SEEK_STEP = 0.1;
export const SKIP_SECONDS = 10;
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

interface PodcastPlayerProps {
  podcast: Podcast;
  /** Deep-link start (`?t=seconds`); wins over the remembered position. */
  startAt?: number;
}

/** The player for the selected podcast, or 'Audio coming soon' when it has no audio yet. */
export function PodcastPlayer({ podcast, startAt }: PodcastPlayerProps) {
  return (
    <section aria-label="Podcast player" className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {podcast.image_url ? (
          <img
            src={podcast.image_url}
            alt=""
            width={160}
            height={90}
            fetchPriority="high"
            // 16:9 like the covers themselves (and the cards): a square crops the title they carry.
            className="aspect-video w-40 shrink-0 rounded-lg object-cover"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <p className="text-sm text-muted-foreground">Now selected · {podcast.podcast_categories.name}</p>
          <h2 className="truncate text-xl font-semibold">{podcast.title}</h2>
          {podcast.audio_url ? (
            <AudioControls key={podcast.id} podcast={podcast} audioUrl={podcast.audio_url} startAt={startAt} />
          ) : (
            <p className="mt-2 text-muted-foreground">Audio coming soon</p>
          )}
        </div>
      </div>
    </section>
  );
}

function AudioControls({ podcast, audioUrl, startAt }: { podcast: Podcast; audioUrl: string; startAt?: number }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [muted, setMuted] = useState(false);
  const [rate, setRate] = useState(1);
  const lastSaved = useRef(0);

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume;
  }, [volume]);
  useEffect(() => {
    if (audioRef.current) audioRef.current.muted = muted;
  }, [muted]);
  useEffect(() => {
    if (audioRef.current) audioRef.current.playbackRate = rate;
  }, [rate]);

  const play = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    void Promise.resolve(audio.play()).catch(() => setPlaying(false));
  }, []);
  const pause = useCallback(() => audioRef.current?.pause(), []);
  const toggle = useCallback(() => {
    if (audioRef.current?.paused ?? true) play();
    else pause();
  }, [play, pause]);

  const seekTo = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    const max = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : Infinity;
    const next = Math.min(Math.max(0, seconds), max);
    audio.currentTime = next;
    setCurrentTime(next);
  }, []);
  const skip = useCallback((delta: number) => seekTo((audioRef.current?.currentTime ?? 0) + delta), [seekTo]);

  // Media Session: lock-screen / hardware keys.
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

  function onLoadedMetadata() {
    const audio = audioRef.current;
    if (!audio) return;
    setDuration(Number.isFinite(audio.duration) ? audio.duration : 0);
    const start = startAt ?? readPosition(podcast.id);
    if (start !== undefined && start > 0) seekTo(start);
  }

  // In a page rendered ahead, the element may have read its metadata before hydration attached
  // the listener below: the start position and the duration are then taken from it here.
  const takeEarlyMetadata = useEffectEvent(() => {
    if ((audioRef.current?.readyState ?? 0) >= HTMLMediaElement.HAVE_METADATA) onLoadedMetadata();
  });
  useEffect(() => takeEarlyMetadata(), []);

  function onTimeUpdate() {
    const audio = audioRef.current;
    if (!audio) return;
    setCurrentTime(audio.currentTime);
    if (Math.abs(audio.currentTime - lastSaved.current) >= 1) {
      lastSaved.current = audio.currentTime;
      writePosition(podcast.id, audio.currentTime);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    const tag = target.tagName;
    if (event.key === ' ' || event.code === 'Space') {
      if (tag === 'BUTTON' || tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
      event.preventDefault();
      toggle();
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
      event.preventDefault();
      skip(event.key === 'ArrowLeft' ? -SKIP_SECONDS : SKIP_SECONDS);
    }
  }

  const max = duration > 0 ? duration : Math.max(currentTime, 0);

  return (
    <div
      role="group"
      aria-label={`Audio controls for ${podcast.title}. Space plays or pauses; left and right arrows skip 10 seconds.`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="mt-3 grid gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
    >
      <audio
        ref={audioRef}
        src={audioUrl}
        preload="metadata"
        data-testid="podcast-audio"
        onLoadedMetadata={onLoadedMetadata}
        onDurationChange={() => {
          const d = audioRef.current?.duration;
          if (d !== undefined && Number.isFinite(d)) setDuration(d);
        }}
        onTimeUpdate={onTimeUpdate}
        onPlay={() => setPlaying(true)}
        onPause={() => {
          setPlaying(false);
          if (audioRef.current) writePosition(podcast.id, audioRef.current.currentTime);
        }}
        onEnded={() => {
          setPlaying(false);
          writePosition(podcast.id, undefined);
        }}
      />
      <div className="flex items-center gap-3">
        <span className="w-14 text-right text-xs tabular-nums text-muted-foreground" aria-hidden>
          {formatClock(currentTime)}
        </span>
        <input
          type="range"
          aria-label="Seek"
          aria-valuetext={`${formatClock(currentTime)} of ${formatClock(duration)}`}
          min={0}
          max={max}
          step={SEEK_STEP}
          value={Math.min(currentTime, max)}
          onChange={(e) => seekTo(Number(e.target.value))}
          className="h-2 flex-1 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        <span className="w-14 text-xs tabular-nums text-muted-foreground" aria-hidden>
          {formatClock(duration)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="icon" aria-label="Skip back 10 seconds" onClick={() => skip(-SKIP_SECONDS)}>
          <RotateCcw aria-hidden />
        </Button>
        <Button size="icon" aria-label={playing ? 'Pause' : 'Play'} onClick={toggle}>
          {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <Button variant="outline" size="icon" aria-label="Skip forward 10 seconds" onClick={() => skip(SKIP_SECONDS)}>
          <RotateCw aria-hidden />
        </Button>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <Button variant="ghost" size="icon" aria-label={muted ? 'Unmute' : 'Mute'} aria-pressed={muted} onClick={() => setMuted((m) => !m)}>
            {muted || volume === 0 ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
          </Button>
          <input
            type="range"
            aria-label="Volume"
            min={0}
            max={1}
            step={0.05}
            value={volume}
            onChange={(e) => {
              const v = Number(e.target.value);
              setVolume(v);
              if (v > 0 && muted) setMuted(false);
            }}
            className="h-2 w-24 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
          <NativeSelect aria-label="Playback speed" value={String(rate)} onChange={(e) => setRate(Number(e.target.value))} className="w-24">
            {PLAYBACK_RATES.map((r) => (
              <option key={r} value={String(r)}>
                {r}×
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    </div>
  );
}
