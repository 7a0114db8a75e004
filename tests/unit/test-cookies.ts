/**
 * Raw document.cookie access for tests (jsdom), independent of the code under test: values are
 * URI-decoded like a browser library would, so a test checks what is really stored.
 */
function all(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[decodeURIComponent(part.slice(0, eq))] = decodeURIComponent(part.slice(eq + 1));
  }
  return out;
}

/** get(name) reads one cookie (undefined when absent), get() all of them; set/remove on path=/. */
export const Cookies = {
  get: ((name?: string) => (name === undefined ? all() : all()[name])) as {
    (): Record<string, string>;
    (name: string): string | undefined;
  },
  set(name: string, value: string): void {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
  },
  remove(name: string): void {
    document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  },
};
