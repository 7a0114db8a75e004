/**
 * A banner's file download (GET /v1/banners/{id}/download) without React: fetch the file, name it
 * from x-suggested-filename (URL-encoded UTF-8) and save it through a temporary link, then the toast
 * 「ダウンロードが完了しました」 (spec 7); a failure shows the server's message instead.
 */
import { API_BASE_META, CHANNEL_META, DEFAULT_CHANNEL } from '#api-client/core/endpoint.ts';
import { toast } from './discovery/api.ts';

export const DOWNLOAD_DONE = 'ダウンロードが完了しました';
const FAILED = 'ダウンロードに失敗しました。時間をおいて再度お試しください。';

const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim() ?? '';

/** The file name of a download: the header's (decoded), else a fallback that is still a file name. */
export function suggestedName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  try {
    const name = decodeURIComponent(header)
      .replace(/[\\/\u0000-\u001f]/g, '_')
      .trim();
    return name || fallback;
  } catch {
    return fallback;
  }
}

async function download(id: string, button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  try {
    const res = await fetch(`${meta(API_BASE_META).replace(/\/+$/, '')}/v1/banners/${encodeURIComponent(id)}/download`, {
      headers: { 'X-Channel-Id': meta(CHANNEL_META) || DEFAULT_CHANNEL, 'X-Requested-With': 'XMLHttpRequest' },
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
      toast(typeof body?.message === 'string' ? body.message : FAILED);
      return;
    }
    const url = URL.createObjectURL(await res.blob());
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download: suggestedName(res.headers.get('x-suggested-filename'), `banner-${id}`),
    });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    toast(DOWNLOAD_DONE, 'info');
  } catch {
    toast(FAILED);
  } finally {
    button.disabled = false;
  }
}

/** Wires every [data-banner-download] button under `root`. */
export function bindBannerDownloads(root: ParentNode): void {
  root.querySelectorAll<HTMLButtonElement>('button[data-banner-download]').forEach((button) => {
    button.addEventListener('click', () => {
      void download(button.dataset.bannerDownload ?? '', button);
    });
  });
}
