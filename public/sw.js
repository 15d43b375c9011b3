// Legwork's service worker (docs/workers.md, "Worker app (PWA)"). Plain JavaScript served as is from /sw.js:
// the worker pages network-first with the last copy as the fallback offline or on a slow connection, Next's hashed assets cache-first,
// push notifications, and the offline proof queue's Background Sync (the same IndexedDB records as
// components/offline/proof-store.ts, sent as components/offline/proof-sync.ts sends them).

const VERSION = 'v1';
const PAGES = `legwork-pages-${VERSION}`;
const ASSETS = `legwork-assets-${VERSION}`;
const OFFLINE_URL = '/offline';
const PRECACHE = [OFFLINE_URL, '/icons/icon-192.png'];

// The worker's pages kept for offline use: home, the task list and each task (details, thread, proof form).
const WORKER_PAGE = /^\/worker(\/tasks(\/[^/]+)?)?\/?$/;
// Never stored: the API, the requester's and staff pages, sign-in.
const NEVER = /^\/(v1|dashboard|admin|api\/auth)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(PAGES)
      .then((cache) => cache.addAll(PRECACHE))
      .catch(() => {})
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('legwork-') && ![PAGES, ASSETS].includes(name))
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Signing out forgets the pages kept for this person.
  if (url.pathname.startsWith('/api/auth/signout')) event.waitUntil(caches.delete(PAGES));
  if (request.method !== 'GET' || NEVER.test(url.pathname)) return;
  if (url.pathname.startsWith('/_next/static/') || url.pathname.startsWith('/icons/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (request.mode === 'navigate') event.respondWith(networkFirst(event, request, WORKER_PAGE.test(url.pathname)));
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(ASSETS).then((cache) => cache.put(request, copy));
  }
  return response;
}

// A worker page is fetched from the network, but on a slow connection (no answer within SLOW_NETWORK_MS) the last
// copy is shown at once and the network's answer only refreshes the copy for next time: outdoors on 3G the page
// opens in about a second, as last seen, instead of waiting for the server. Offline, the copy or the offline page.
const SLOW_NETWORK_MS = 800;

async function networkFirst(event, request, keep) {
  const network = fetch(request).then(async (response) => {
    // A redirect (to /login when the session ended) or an error page is not what the page looked like.
    if (keep && response.ok && !response.redirected) {
      const copy = response.clone();
      await caches.open(PAGES).then((cache) => cache.put(request.url, copy));
    }
    return response;
  });
  if (keep) event.waitUntil(network.catch(() => {}));
  const lastCopy = () => (keep ? caches.match(request.url, { ignoreVary: true }) : Promise.resolve(undefined));
  try {
    const slow = new Promise((resolve) => setTimeout(resolve, SLOW_NETWORK_MS, 'slow'));
    const first = await Promise.race([network, slow]);
    if (first !== 'slow') return first;
    return (await lastCopy()) || (await network);
  } catch (error) {
    const cached = (await lastCopy()) || (await caches.match(OFFLINE_URL));
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('message', (event) => {
  const message = event.data || {};
  // The page loaded before this worker controlled it: keep what it loaded (its scripts, and the page itself).
  if (message.type === 'cache' && Array.isArray(message.urls)) {
    event.waitUntil(keepLoaded(message.urls));
  }
  if (message.type === 'flush-proof') event.waitUntil(flushProofQueue());
});

async function keepLoaded(urls) {
  const assets = await caches.open(ASSETS);
  const pages = await caches.open(PAGES);
  for (const href of urls) {
    const url = new URL(href, self.location.origin);
    if (url.origin !== self.location.origin) continue;
    if (url.pathname.startsWith('/_next/static/')) {
      if (!(await assets.match(url.href))) await assets.add(url.href).catch(() => {});
    } else if (WORKER_PAGE.test(url.pathname)) {
      const response = await fetch(url.href, { credentials: 'same-origin' }).catch(() => null);
      if (response?.ok && !response.redirected) await pages.put(url.href, response);
    }
  }
}

// A push from the server: `{title, body, url, tag}`. A tag replaces the notification still showing for it.
self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const options = {
    body: payload.body || '',
    data: { url: payload.url || '/worker' },
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
  };
  if (payload.tag) Object.assign(options, { tag: payload.tag, renotify: true });
  event.waitUntil(self.registration.showNotification(payload.title || 'Legwork', options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/worker', self.location.origin);
  // Only this site's pages open from a notification.
  const url = target.origin === self.location.origin ? target : new URL('/worker', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => {
        const at = new URL(client.url);
        return at.pathname === url.pathname && at.search === url.search;
      });
      if (open) return open.focus();
      return self.clients.openWindow(url.href);
    })(),
  );
});

self.addEventListener('sync', (event) => {
  if (event.tag === 'proof-upload') event.waitUntil(flushProofQueue());
});

// The offline proof queue, sent with the tab closed: the records and rules of components/offline/proof-queue.ts
// and proof-store.ts (the same database, stores and claims), sent as proof-sync.ts sends them.
const CLAIM_MS = 60_000;
const REFUSALS = ['INVALID_TRANSITION', 'NOT_FOUND', 'FORBIDDEN'];

function openQueue() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('legwork-offline', 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore('photos', { keyPath: 'key' }).createIndex('taskId', 'taskId');
      request.result.createObjectStore('submits', { keyPath: 'taskId' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function inStore(db, name, mode, work) {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(name, mode);
    let result;
    transaction.oncomplete = () => resolve(result);
    transaction.onabort = () => reject(transaction.error);
    work(transaction.objectStore(name), (value) => {
      result = value;
    });
  });
}

const getAll = (db, name) =>
  inStore(db, name, 'readonly', (store, set) => (store.getAll().onsuccess = (e) => set(e.target.result)));
const put = (db, name, record) => inStore(db, name, 'readwrite', (store) => store.put(record));

const claimable = (item, now) =>
  item.state === 'waiting' ||
  (item.state === 'uploading' && (item.claimedAt === null || now - item.claimedAt > CLAIM_MS));

function claim(db, name, key, may) {
  return inStore(db, name, 'readwrite', (store, set) => {
    store.get(key).onsuccess = (event) => {
      const record = event.target.result;
      if (!record || !may(record)) return;
      const claimed = { ...record, state: 'uploading', claimedAt: Date.now() };
      store.put(claimed);
      set(claimed);
    };
  });
}

async function attemptOf(request) {
  let response;
  try {
    response = await request();
  } catch {
    return { kind: 'network' };
  }
  const body = await response.json().catch(() => undefined);
  return { kind: 'answer', status: response.status, data: body?.data, ...body?.error };
}

function afterAttempt(attempt, what) {
  if (attempt.kind === 'answer' && attempt.status >= 200 && attempt.status < 300) return { state: 'sent', error: null };
  if (
    attempt.kind === 'network' ||
    attempt.status >= 500 ||
    attempt.status === 429 ||
    attempt.code === 'IDEMPOTENCY_KEY_IN_USE'
  ) {
    return { state: 'waiting', error: null };
  }
  const said = attempt.message || 'Refused';
  if (what === 'submit' && REFUSALS.includes(attempt.code)) {
    return {
      state: 'refused',
      error: `The proof was not sent: this task was cancelled or is no longer yours (${said}). Your photos stay on this device until you discard them.`,
    };
  }
  return { state: 'failed', error: `${said}.${attempt.hint ? ` ${attempt.hint}` : ''}` };
}

function announce(taskId) {
  const channel = new BroadcastChannel('legwork-proof');
  channel.postMessage({ taskId });
  channel.close();
}

async function flushProofQueue() {
  const db = await openQueue();
  let waiting = false;
  for (const photo of await getAll(db, 'photos')) {
    const claimed =
      claimable(photo, Date.now()) && (await claim(db, 'photos', photo.key, (r) => claimable(r, Date.now())));
    if (!claimed) continue;
    const form = new FormData();
    form.set('file', claimed.blob, claimed.name);
    form.set('source', claimed.source);
    form.set('capturedAt', claimed.capturedAt);
    if (claimed.position) {
      form.set('lat', String(claimed.position.lat));
      form.set('lng', String(claimed.position.lng));
      if (Number.isFinite(claimed.position.accuracy)) form.set('accuracy', String(claimed.position.accuracy));
    }
    const attempt = await attemptOf(() =>
      fetch('/dashboard/uploads', { method: 'POST', body: form, headers: { 'Idempotency-Key': claimed.key } }),
    );
    const outcome = afterAttempt(attempt, 'upload');
    waiting ||= outcome.state === 'waiting';
    const uploadId = outcome.state === 'sent' ? attempt.data?.id || null : claimed.uploadId;
    await put(db, 'photos', { ...claimed, ...outcome, uploadId, claimedAt: null });
    announce(claimed.taskId);
  }
  const photos = await getAll(db, 'photos');
  for (const submit of await getAll(db, 'submits')) {
    const mine = submit.photoKeys.map((key) => photos.find((photo) => photo.key === key));
    const ready = mine.every((photo) => photo && photo.state === 'sent' && photo.uploadId);
    const claimed = ready && (await claim(db, 'submits', submit.taskId, (r) => claimable(r, Date.now())));
    if (!claimed) continue;
    const note = claimed.note.trim();
    const photoIds = mine.map((photo) => photo.uploadId);
    const body = {
      ...(note ? { note } : {}),
      ...(photoIds.length ? { photoIds } : {}),
      ...(claimed.location ? { location: claimed.location } : {}),
    };
    const attempt = await attemptOf(() =>
      fetch(`/dashboard/tasks/${claimed.taskId}/proof`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': claimed.key },
        body: JSON.stringify(body),
      }),
    );
    const outcome = afterAttempt(attempt, 'submit');
    waiting ||= outcome.state === 'waiting';
    if (outcome.state === 'sent') {
      await inStore(db, 'photos', 'readwrite', (store) => {
        for (const key of claimed.photoKeys) store.delete(key);
      });
      await inStore(db, 'submits', 'readwrite', (store) => store.delete(claimed.taskId));
    } else {
      await put(db, 'submits', { ...claimed, ...outcome, claimedAt: null });
    }
    announce(claimed.taskId);
  }
  db.close();
  // Rejecting tells the browser to run the sync again later.
  if (waiting) throw new Error('The proof queue is still waiting for a connection');
}
