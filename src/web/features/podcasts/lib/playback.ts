export const DEFAULT_VOLUME = 0.8;
export const SEEK_STEP = 0.1;
export const SKIP_SECONDS = 10;
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;
