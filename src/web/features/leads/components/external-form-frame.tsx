/**
 * An external form (CONTACT_FORM_EMBED_URL / DEMO_FORM_EMBED_URL) in a frame, as SPEC §2 has
 * it: the frame is `frameHeight` px tall and scrolls a form of `formHeight` px.
 */
export function ExternalFormFrame({
  src,
  title,
  frameHeight,
  formHeight = frameHeight,
}: {
  src: string;
  title: string;
  frameHeight: number;
  formHeight?: number;
}) {
  const scrolls = formHeight > frameHeight;
  return (
    <div
      className="w-full overflow-y-auto rounded-xl border bg-card"
      style={{ height: frameHeight }}
      // A scrolling box must be reachable by keyboard.
      {...(scrolls ? { role: 'region', 'aria-label': title, tabIndex: 0 } : {})}
    >
      <iframe src={src} title={title} width="100%" height={formHeight} loading="lazy" className="block w-full border-0" />
    </div>
  );
}
