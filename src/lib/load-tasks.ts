/**
 * Load tasks (spec 9: "tasks every 200 ms, give up after 5 s"; spec 7: a cart init that met a
 * missing product adds one, its retry): the API requests the page's islands have in flight. The
 * back/forward scroll restore (src/scripts/shop-wide-core.ts) waits for them after its 500 ms, so it
 * lands on the page's content rather than on a cart or list still loading.
 */
let pending = 0;

/** Counts `work` as a load task until it settles. */
export async function asLoadTask<T>(work: () => Promise<T>): Promise<T> {
  pending += 1;
  try {
    return await work();
  } finally {
    pending -= 1;
  }
}

/** How many load tasks are running now. */
export const pendingLoadTasks = (): number => pending;
