/**
 * A login flood must not stall the shop (spec issue 3): 40 logins at once against the real server
 * while a pre-rendered page is fetched again and again; the fetches answer in under 200 ms (at most 5 %
 * slower, none at 1.5 s, on a shared machine), because password hashing runs on its own bounded
 * worker pool and the overflow is refused at once (429).
 */
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';

interface Answer {
  status: number;
  ms: number;
  retryAfter?: string;
}

/** One request over a fresh connection, optionally from a chosen loopback address. */
function send(url: string, opts: { method?: string; body?: string; localAddress?: string } = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: opts.method ?? 'GET',
        agent: false,
        localAddress: opts.localAddress,
        headers: { 'Content-Type': 'application/json', 'X-Channel-Id': 'default', 'X-Requested-With': 'XMLHttpRequest' },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            retryAfter: res.headers['retry-after'] as string | undefined,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

test('under 40 parallel logins a static page still answers in under 200 ms (95 % of fetches)', async ({ baseURL }) => {
  const page = `${baseURL!.replace('localhost', '127.0.0.1')}/news/`;
  expect((await send(page)).status).toBe(200); // warm: the first read of a file may touch the disk

  // Each login comes from its own loopback address and name, so no rate limit stops it before
  // the password check: the flood reaches the hashing pool in full.
  const logins = Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      send(`${baseURL!.replace('localhost', '127.0.0.1')}/v1/auth/login`, {
        method: 'POST',
        localAddress: `127.0.${1 + Math.floor(i / 200)}.${10 + i}`,
        body: JSON.stringify({ username: `flood-${Date.now()}-${i}`, password: 'not-the-password' }),
      }),
    ),
  );
  const pageTimes: number[] = [];
  let done = false;
  void logins.finally(() => {
    done = true;
  });
  while (!done) {
    const res = await send(page);
    expect(res.status).toBe(200);
    pageTimes.push(res.ms);
  }
  const answers = await logins;

  expect(pageTimes.length).toBeGreaterThan(3);
  const statusCounts = answers.reduce<Record<number, number>>((n, a) => {
    n[a.status] = (n[a.status] ?? 0) + 1;
    return n;
  }, {});
  console.log(
    `[login-flood] ${pageTimes.length} static fetches, slowest ${Math.max(...pageTimes).toFixed(0)} ms; logins: ${JSON.stringify(statusCounts)}`,
  );
  // Hashing on the event loop would hold every fetch behind ~0.3 s a hash, so most of them would be
  // slow. On two shared cores (CI runs both API suites and a second shop beside this) the scheduler
  // may still delay some fetches: at most 5 % over 200 ms, none at 1.5 s (a clean run of .ci/run saw
  // up to 997 ms with more than 1 % over 200 ms; hashing on the loop would make most of them slow).
  const slow = pageTimes.map((t, i) => `#${i}: ${t.toFixed(0)} ms`).filter((_, i) => pageTimes[i] >= 200);
  const summary = `${pageTimes.length} fetches, slowest ${Math.max(...pageTimes).toFixed(0)} ms, over 200 ms: ${slow.join(', ')}`;
  expect(slow.length, summary).toBeLessThanOrEqual(Math.max(1, Math.floor(pageTimes.length / 20)));
  expect(Math.max(...pageTimes), summary).toBeLessThan(1500);
  // Every login got an answer: a refusal (422) after hashing, or 429 at once beyond the queue.
  const statuses = answers.map((a) => a.status);
  expect(
    statuses.every((s) => s === 422 || s === 429),
    statuses.join(','),
  ).toBe(true);
  expect(statuses).toContain(429);
  for (const a of answers.filter((x) => x.status === 429)) expect(Number(a.retryAfter)).toBeGreaterThan(0);
});
