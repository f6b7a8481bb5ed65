/*
 * Push notifications of Weightwise: reminders to weigh in and test notifications. Self-contained, so it can be the
 * site's service worker on its own (Settings → Reminders registers it when push is turned on) or be pulled into an
 * app service worker with importScripts('/push-sw.js'). It adds listeners only: no caching, no update policy.
 *
 * A message is JSON {title, body, url, tag} (api/src/push/sender.ts); url is a path of this site.
 */
self.addEventListener('push', (event) => {
  let message = { title: 'Weightwise', body: '', url: '/dashboard/overview', tag: 'weightwise' };
  if (event.data) {
    try {
      message = { ...message, ...event.data.json() };
    } catch {
      message.body = event.data.text();
    }
  }
  // only paths of this site are opened on click
  const url = typeof message.url === 'string' && message.url.startsWith('/') && !message.url.startsWith('//') ? message.url : '/';
  event.waitUntil(
    self.registration.showNotification(String(message.title), {
      body: String(message.body),
      tag: String(message.tag),
      icon: '/favicon.svg',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus().then((w) => (w && 'navigate' in w ? w.navigate(target) : w));
      return self.clients.openWindow(target);
    }),
  );
});
