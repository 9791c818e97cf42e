import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_ESCAPE_MESSAGE, forwardEscapeToParent, listenForFrameEscape } from './frame-escape';

describe('Escape in the Ask AI frame', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is forwarded to the parent, to its own origin only, unless the framed page took it', () => {
    const postMessage = vi.fn();
    const framed = Object.assign(new EventTarget(), { parent: { postMessage }, location: { origin: 'https://trackside.example' } }) as unknown as Window;
    const stop = forwardEscapeToParent(framed);

    framed.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    const taken = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
    taken.preventDefault();
    framed.dispatchEvent(taken);
    expect(postMessage).not.toHaveBeenCalled();

    framed.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(postMessage).toHaveBeenCalledExactlyOnceWith({ type: FRAME_ESCAPE_MESSAGE }, 'https://trackside.example');

    stop();
    framed.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(postMessage).toHaveBeenCalledOnce();
  });

  it('closes the modal when the message comes from its frame, on this origin', () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const other = document.createElement('iframe');
    document.body.append(other);
    const onEscape = vi.fn();
    const stop = listenForFrameEscape(() => frame, onEscape);
    const send = (data: unknown, source: Window | null, origin = window.location.origin) =>
      window.dispatchEvent(new MessageEvent('message', { data, source, origin }));

    send({ type: FRAME_ESCAPE_MESSAGE }, other.contentWindow);
    send({ type: FRAME_ESCAPE_MESSAGE }, frame.contentWindow, 'https://elsewhere.example');
    send({ type: 'something else' }, frame.contentWindow);
    send(null, frame.contentWindow);
    expect(onEscape).not.toHaveBeenCalled();

    send({ type: FRAME_ESCAPE_MESSAGE }, frame.contentWindow);
    expect(onEscape).toHaveBeenCalledOnce();

    stop();
    send({ type: FRAME_ESCAPE_MESSAGE }, frame.contentWindow);
    expect(onEscape).toHaveBeenCalledOnce();
  });
});
