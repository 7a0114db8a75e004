/**
 * The loader shown while an island checks the session or waits for data: the theme's spinner (spec 9:
 * 0000–0013, chosen in the theme manifest; its one stylesheet and the size, overlay and position come
 * with the theme's tokens, so no spinner code is in any island's JavaScript) and the label, visually
 * hidden when it is the plain 「読み込み中」. Invisible for its first 100 ms (loader.css): a quick answer
 * never flashes it.
 */
const DEFAULT_LABEL = '読み込み中';

export default function Loading({ label = DEFAULT_LABEL }: { label?: string }) {
  return (
    <div className="loader" role="status">
      <span className="spinner" aria-hidden="true">
        <i />
        <i />
        <i />
      </span>
      <span className={label === DEFAULT_LABEL ? 'visually-hidden' : 'loader-label'}>{label}</span>
    </div>
  );
}
