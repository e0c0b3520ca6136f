import { CONTENT_IMAGE_PATTERN } from '@estate/events';
import sanitizeHtml from 'sanitize-html';

/**
 * The rich text moderators write (a post's body, an investment object's description), cleaned
 * before anything is recorded: headings, paragraphs, lists, links and images only. A link keeps
 * http(s), mailto and tel addresses and site paths (an external one opens in a new tab, without the
 * referrer, and is not followed by search engines); an image only the content images of the store
 * (the site's CSP loads nothing from elsewhere). Anything else — scripts, styles, event handlers,
 * frames, `javascript:` addresses — is dropped, its text kept where it has any.
 */
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'ul', 'ol', 'li', 'a', 'img', 'strong', 'em'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // the page's own title is its h1
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    div: 'p',
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      // a link to nowhere (or to a script) keeps no attribute; it is unwrapped below
      if (!href || !SAFE_HREF.test(href.trim())) return { tagName, attribs: {} };
      const external = /^https?:\/\//i.test(href);
      return {
        tagName,
        attribs: {
          ...(href !== undefined ? { href } : {}),
          ...(title !== undefined ? { title } : {}),
          ...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {}),
        },
      };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !CONTENT_IMAGE_PATTERN.test(frame.attribs.src ?? ''),
};

/** a link left without an address (only such an `<a>` has no attribute), with no other link inside */
const BARE_LINK = /<a>((?:[^<]|<(?!\/?a[\s>]))*)<\/a>/g;

export const sanitizeContentHtml = (html: string): string =>
  sanitizeHtml(html, OPTIONS).replace(BARE_LINK, '$1').trim();

/** The words of some HTML, without tags, whitespace collapsed: for a card's summary and checks of emptiness. */
export const plainText = (html: string): string =>
  // blocks end in a space, so that the words of two paragraphs or items do not run together
  sanitizeHtml(html.replace(/<\/(p|h\d|li|div|blockquote)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

/** a summary of at most `max` characters, cut at a word */
export function summaryOf(html: string, max = 200): string {
  const text = plainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}
