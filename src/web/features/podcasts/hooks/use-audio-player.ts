import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { readPosition, writePosition } from '../lib/format';
import { DEFAULT_VOLUME } from '../lib/playback';

interface UseAudioPlayerOptions {
  podcastId: string;
  /** Deep-link start (`?t=seconds`); wins over the remembered position. */
  startAt?: number;
}

/**
 * One episode's `<audio>` element: its state, the controls, and the remembered position (saved
 * at most once a second while playing, on pause, and cleared at the end). Spread `audioProps`
 * on the element.
 */
export function useAudioPlayer({ podcastId, startAt }: UseAudioPlayerOptions) {
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

  function changeVolume(value: number) {
    setVolume(value);
    if (value > 0 && muted) setMuted(false);
  }
  const toggleMuted = () => setMuted((m) => !m);

  function onLoadedMetadata() {
    const audio = audioRef.current;
    if (!audio) return;
    setDuration(Number.isFinite(audio.duration) ? audio.duration : 0);
    const start = startAt ?? readPosition(podcastId);
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
      writePosition(podcastId, audio.currentTime);
    }
  }

  const audioProps = {
    ref: audioRef,
    onLoadedMetadata,
    onDurationChange: () => {
      const d = audioRef.current?.duration;
      if (d !== undefined && Number.isFinite(d)) setDuration(d);
    },
    onTimeUpdate,
    onPlay: () => setPlaying(true),
    onPause: () => {
      setPlaying(false);
      if (audioRef.current) writePosition(podcastId, audioRef.current.currentTime);
    },
    onEnded: () => {
      setPlaying(false);
      writePosition(podcastId, undefined);
    },
  };

  return { audioProps, playing, currentTime, duration, volume, muted, rate, play, pause, toggle, seekTo, skip, changeVolume, toggleMuted, setRate };
}
