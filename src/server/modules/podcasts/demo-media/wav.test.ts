import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { detectUploadType } from '../../uploads/detect';
import { readAudioDuration } from '../../uploads/service';
import { DEMO_SAMPLE_RATE, demoEpisodeAudio, encodeWav, hashText } from './wav';

describe('encodeWav', () => {
  it('writes a RIFF/WAVE PCM header that matches the samples', () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 0.5]), 8000, 16);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.readUInt32LE(28)).toBe(16000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(8);
    expect([0, 1, 2, 3].map((i) => wav.readInt16LE(44 + i * 2))).toEqual([0, 32767, -32767, 16384]);
  });

  it('writes 8-bit samples unsigned around 128 and clamps values outside [-1, 1]', () => {
    const wav = encodeWav(new Float32Array([0, 2, -2]), 8000, 8);
    expect(wav.readUInt16LE(34)).toBe(8);
    expect(wav.readUInt32LE(28)).toBe(8000);
    expect([...wav.subarray(44)]).toEqual([128, 255, 0]);
  });
});

describe('demoEpisodeAudio', () => {
  const audio = demoEpisodeAudio('Reading a track geometry report');

  it('is a short mono 16-bit WAV that the upload checks accept as audio', async () => {
    expect(audio.seconds).toBe(12);
    expect(audio.wav.length).toBe(44 + 12 * DEMO_SAMPLE_RATE * 2);
    expect(await detectUploadType('audio', audio.wav.subarray(0, 4100), 'x.bin')).toEqual({ ext: 'wav', mustBeText: false });
  });

  it('has a duration music-metadata reads as 00:12', async () => {
    expect(await readAudioDuration(Readable.from([audio.wav]), 'audio/wav')).toBe('00:12');
  });

  it('is audible, never clips, and starts and ends in silence', () => {
    const samples = new Int16Array(audio.wav.buffer, audio.wav.byteOffset + 44, (audio.wav.length - 44) / 2);
    let peak = 0;
    let sumSquares = 0;
    for (const s of samples) {
      peak = Math.max(peak, Math.abs(s));
      sumSquares += s * s;
    }
    const rms = Math.sqrt(sumSquares / samples.length) / 32767;
    expect(peak).toBeLessThan(32767);
    expect(peak / 32767).toBeGreaterThan(0.7);
    expect(rms).toBeGreaterThan(0.03);
    expect(Math.abs(samples[0] ?? 1)).toBeLessThan(50);
    expect(Math.abs(samples[samples.length - 1] ?? 1)).toBeLessThan(50);
  });

  it('is the same for the same title and differs between titles', () => {
    expect(demoEpisodeAudio('Reading a track geometry report').wav.equals(audio.wav)).toBe(true);
    expect(demoEpisodeAudio('Hot weather and continuous welded rail').wav.equals(audio.wav)).toBe(false);
    expect(hashText('a')).not.toBe(hashText('b'));
  });
});
