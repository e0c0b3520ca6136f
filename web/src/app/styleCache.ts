import createCache from '@emotion/cache';

/**
 * The components' style cache, the same on the server and in the browser (key 'css'). No vendor
 * prefixer: the browsers the site supports read the standard properties, and without it a listing's
 * page carries a third less CSS and the browser spends less time on every style it inserts. In the
 * browser it takes the styles of the server's page as inserted, from the ids of its
 * <style data-emotion-page> tag (entry-server's `pageStyleTags`), and leaves the tag where it is.
 */
export function createStyleCache() {
  const cache = createCache({ key: 'css', stylisPlugins: [] });
  if (typeof document === 'undefined') return cache;
  for (const tag of document.querySelectorAll('style[data-emotion-page]')) {
    const [, ...ids] = (tag.getAttribute('data-emotion-page') ?? '').split(' ');
    for (const id of ids) cache.inserted[id] = true;
  }
  return cache;
}
