/**
 * Short demo audio synthesised in code, so a fresh Trackside has episodes that play without
 * shipping third-party recordings: a station-style chime, a gentle arpeggio over a soft pad with
 * the "da-dum" of wheels over rail joints, and a closing chime. Deterministic per title.
 */

/** Samples per second of the demo audio: enough for chimes, small on disk. */
export const DEMO_SAMPLE_RATE = 22_050;

/** Little-endian PCM WAV (RIFF) of mono samples in [-1, 1], 8-bit unsigned or 16-bit signed. */
export function encodeWav(samples: Float32Array, sampleRate: number, bitsPerSample: 8 | 16 = 16): Buffer {
  const bytesPerSample = bitsPerSample / 8;
  const dataLength = samples.length * bytesPerSample;
  const buffer = Buffer.alloc(44 + dataLength);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataLength, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16); // fmt chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * bytesPerSample, 28); // byte rate
  buffer.writeUInt16LE(bytesPerSample, 32); // block align
  buffer.writeUInt16LE(bitsPerSample, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataLength, 40);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    if (bitsPerSample === 16) buffer.writeInt16LE(Math.round(s * 32767), 44 + i * 2);
    else buffer.writeUInt8(Math.round((s + 1) * 127.5), 44 + i);
  }
  return buffer;
}

/** FNV-1a: a stable 32-bit number from a text (the title picks key, melody and noise). */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic PRNG in [0, 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Frequency of a note `semitones` above `root` Hz. */
const note = (root: number, semitones: number) => root * 2 ** (semitones / 12);

/** Adds a soft mallet tone (vibraphone-like: fundamental, octave, a quick bright partial). */
function addBell(out: Float32Array, rate: number, start: number, frequency: number, gain: number, decay = 0.9): void {
  const first = Math.floor(start * rate);
  const length = Math.min(out.length - first, Math.floor(decay * 5 * rate));
  for (let i = 0; i < length; i++) {
    const t = i / rate;
    const attack = Math.min(1, t / 0.006);
    const body = Math.exp(-t / decay);
    const bright = Math.exp(-t / (decay * 0.18));
    const w = 2 * Math.PI * frequency * t;
    const value = Math.sin(w) + 0.3 * Math.sin(2 * w) * body + 0.18 * Math.sin(4 * w) * bright;
    out[first + i] = (out[first + i] ?? 0) + gain * attack * body * value;
  }
}

/** Adds a sustained pad (root and fifth, slow swell, gentle vibrato) between two times. */
function addPad(out: Float32Array, rate: number, start: number, end: number, root: number, gain: number): void {
  const first = Math.floor(start * rate);
  const last = Math.min(out.length, Math.floor(end * rate));
  const span = (last - first) / rate;
  for (let i = first; i < last; i++) {
    const t = (i - first) / rate;
    const swell = Math.min(1, t / 1.5) * Math.min(1, (span - t) / 1.5);
    const vibrato = 1 + 0.002 * Math.sin(2 * Math.PI * 4.5 * t);
    const w = 2 * Math.PI * root * vibrato * t;
    out[i] = (out[i] ?? 0) + gain * swell * (Math.sin(w) + 0.6 * Math.sin(1.5 * w) + 0.25 * Math.sin(2 * w));
  }
}

/** Adds one muted click of a wheel over a rail joint (low-passed noise with a fast decay). */
function addClick(out: Float32Array, rate: number, start: number, gain: number, noise: () => number): void {
  const first = Math.floor(start * rate);
  const length = Math.min(out.length - first, Math.floor(0.05 * rate));
  let low = 0;
  for (let i = 0; i < length; i++) {
    const t = i / rate;
    low += 0.12 * (noise() * 2 - 1 - low);
    const thump = Math.sin(2 * Math.PI * 95 * t);
    out[first + i] = (out[first + i] ?? 0) + gain * Math.exp(-t / 0.012) * (low * 2.5 + 0.6 * thump);
  }
}

const PENTATONIC = [0, 2, 4, 7, 9, 12, 14, 16, 19];
const ROOTS = [196.0, 220.0, 246.94, 261.63, 293.66]; // G3 A3 B3 C4 D4

export interface DemoAudio {
  /** A complete WAV file (PCM, mono, 16-bit). */
  wav: Buffer;
  /** Playing time in seconds. */
  seconds: number;
}

/**
 * A pleasant ~12 s jingle for a demo episode: opening chime, arpeggio over a pad with the rhythm
 * of rail joints, closing chime, faded in and out. The same title always gives the same file.
 */
export function demoEpisodeAudio(title: string, seconds = 12, sampleRate = DEMO_SAMPLE_RATE): DemoAudio {
  const seed = hashText(title);
  const rand = random(seed);
  const root = ROOTS[seed % ROOTS.length] ?? 220;
  const out = new Float32Array(Math.round(seconds * sampleRate));

  // Opening chime: a rising three-note call, as at a station before an announcement.
  const call = [0, 4, 7].map((s, i) => (i === 2 && rand() < 0.5 ? 9 : s));
  call.forEach((s, i) => addBell(out, sampleRate, 0.1 + i * 0.45, note(root * 2, s), 0.5, 1.1));

  // Middle: an arpeggio over a pad, with wheels crossing joints every 1.2 s.
  const middleStart = 1.8;
  const middleEnd = seconds - 2.4;
  addPad(out, sampleRate, middleStart - 0.3, middleEnd + 1.2, root / 2, 0.12);
  const step = 0.4;
  let degree = Math.floor(rand() * 4);
  for (let t = middleStart; t < middleEnd; t += step) {
    degree = Math.max(0, Math.min(PENTATONIC.length - 1, degree + Math.floor(rand() * 5) - 2));
    const accent = Math.round((t - middleStart) / step) % 4 === 0 ? 1 : 0.7;
    addBell(out, sampleRate, t, note(root * 2, PENTATONIC[degree] ?? 0), 0.22 * accent, 0.6);
  }
  for (let t = middleStart + 0.2; t < middleEnd + 0.6; t += 1.2) {
    addClick(out, sampleRate, t, 0.09, rand);
    addClick(out, sampleRate, t + 0.16, 0.07, rand);
  }

  // Closing chime: the call reversed, resolving on the root.
  [7, 4, 0].forEach((s, i) => addBell(out, sampleRate, middleEnd + 0.2 + i * 0.45, note(root * 2, s), 0.45, 1.2));

  // Fade the very start and end, then bring the peak to -2 dBFS.
  const fade = Math.floor(0.02 * sampleRate);
  const tail = Math.floor(0.8 * sampleRate);
  let peak = 0;
  for (let i = 0; i < out.length; i++) {
    const fromEnd = out.length - 1 - i;
    const envelope = Math.min(1, i / fade, fromEnd / tail);
    const value = (out[i] ?? 0) * envelope;
    out[i] = value;
    peak = Math.max(peak, Math.abs(value));
  }
  const scale = peak > 0 ? 0.79 / peak : 1;
  for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) * scale;

  return { wav: encodeWav(out, sampleRate, 16), seconds: out.length / sampleRate };
}
