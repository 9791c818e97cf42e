import { Pause, Play, RotateCcw, RotateCw, Volume2, VolumeX } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import type { Podcast } from '../../../../shared/schemas/podcasts';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/native-select';
import { useAudioPlayer } from '../hooks/use-audio-player';
import { useMediaSession } from '../hooks/use-media-session';
import { formatClock } from '../lib/format';
import { PLAYBACK_RATES, SEEK_STEP, SKIP_SECONDS } from '../lib/playback';

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
  const player = useAudioPlayer({ podcastId: podcast.id, startAt });
  useMediaSession(podcast, player);

  return (
    <div
      role="group"
      aria-label={`Audio controls for ${podcast.title}. Space plays or pauses; left and right arrows skip 10 seconds.`}
      tabIndex={0}
      onKeyDown={(event) => onPlayerKeyDown(event, player)}
      className="mt-3 grid gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
    >
      <audio {...player.audioProps} src={audioUrl} preload="metadata" data-testid="podcast-audio" />
      <SeekBar currentTime={player.currentTime} duration={player.duration} onSeek={player.seekTo} />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="icon" aria-label="Skip back 10 seconds" onClick={() => player.skip(-SKIP_SECONDS)}>
          <RotateCcw aria-hidden />
        </Button>
        <Button size="icon" aria-label={player.playing ? 'Pause' : 'Play'} onClick={player.toggle}>
          {player.playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <Button variant="outline" size="icon" aria-label="Skip forward 10 seconds" onClick={() => player.skip(SKIP_SECONDS)}>
          <RotateCw aria-hidden />
        </Button>
        <VolumeAndSpeed
          volume={player.volume}
          muted={player.muted}
          rate={player.rate}
          changeVolume={player.changeVolume}
          toggleMuted={player.toggleMuted}
          setRate={player.setRate}
        />
      </div>
    </div>
  );
}

/** Space toggles and the arrows skip, except where the focused control uses the key itself. */
function onPlayerKeyDown(event: KeyboardEvent<HTMLDivElement>, { toggle, skip }: { toggle: () => void; skip: (delta: number) => void }) {
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

function SeekBar({ currentTime, duration, onSeek }: { currentTime: number; duration: number; onSeek: (seconds: number) => void }) {
  const max = duration > 0 ? duration : Math.max(currentTime, 0);
  return (
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
        onChange={(e) => onSeek(Number(e.target.value))}
        className="h-2 flex-1 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      <span className="w-14 text-xs tabular-nums text-muted-foreground" aria-hidden>
        {formatClock(duration)}
      </span>
    </div>
  );
}

interface VolumeAndSpeedProps {
  volume: number;
  muted: boolean;
  rate: number;
  changeVolume: (volume: number) => void;
  toggleMuted: () => void;
  setRate: (rate: number) => void;
}

function VolumeAndSpeed({ volume, muted, rate, changeVolume, toggleMuted, setRate }: VolumeAndSpeedProps) {
  return (
    <div className="ml-auto flex flex-wrap items-center gap-2">
      <Button variant="ghost" size="icon" aria-label={muted ? 'Unmute' : 'Mute'} aria-pressed={muted} onClick={toggleMuted}>
        {muted || volume === 0 ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
      </Button>
      <input
        type="range"
        aria-label="Volume"
        min={0}
        max={1}
        step={0.05}
        value={volume}
        onChange={(e) => changeVolume(Number(e.target.value))}
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
  );
}
