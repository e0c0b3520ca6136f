import { findPublishedPost, siteSettings } from '@estate/projections';
import { z } from 'zod';
import { DomainError } from '../../core/errors';
import { defineRoute } from '../../core/route';
import { slugParams } from '../inputs';
import { DEFAULT_POLICY_URL, toSiteSettingsDto } from '../view';

/**
 * The site's documents (the privacy policy): a page a moderator writes as a post of kind `page`,
 * served by the server as a plain printable page at `/documents/<slug>`, so a link to it works
 * whatever the site's own routes are. The spec's old address of the policy,
 * `/storage/privacy_policy.pdf`, leads to the address the settings give (unless a file lies there).
 */
const tags = ['Контент сайта'];

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const dateText = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Moscow',
  }).format(new Date(iso));

/** The page around a document's sanitised HTML; inline styles only (the CSP allows them, and no script). */
export const documentHtml = (doc: {
  title: string;
  descriptionMeta: string;
  description: string;
  updatedAt: string;
}) =>
  `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.title)}</title>
<meta name="description" content="${escapeHtml(doc.descriptionMeta)}">
<style>
body{margin:0;font:16px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f2933;background:#fff}
main{max-width:760px;margin:0 auto;padding:32px 20px 64px}
nav a{color:#2f6db5;text-decoration:none}
h1{font-size:30px;line-height:1.25;margin:24px 0 8px}
h2{font-size:22px;margin:32px 0 8px}h3{font-size:18px;margin:24px 0 8px}
.date{color:#6b7785;font-size:14px;margin:0 0 24px}
img{max-width:100%;height:auto}
a{color:#2f6db5}
@media print{nav{display:none}}
</style>
</head>
<body>
<main>
<nav><a href="/">← На главную</a></nav>
<h1>${escapeHtml(doc.title)}</h1>
<p class="date">Редакция от ${dateText(doc.updatedAt)}</p>
${doc.description}
</main>
</body>
</html>
`;

export const readDocument = defineRoute({
  method: 'get',
  path: '/documents/{slug}',
  tags,
  summary: 'Документ сайта (политика конфиденциальности) как страница HTML',
  auth: 'public',
  params: slugParams,
  errors: [404],
  produces: 'text/html',
  response: z.string(),
  async handle({ ctx, params, res }) {
    const post = await findPublishedPost(ctx.readStore, params.slug);
    if (!post || post.kind !== 'page') throw new DomainError('NOT_FOUND', 'Документ не найден');
    res.type('html').set('Cache-Control', 'public, max-age=300').send(documentHtml(post));
  },
});

export const policyRedirect = defineRoute({
  method: 'get',
  path: DEFAULT_POLICY_URL,
  tags,
  summary: 'Политика конфиденциальности: переход по адресу из настроек сайта (302)',
  auth: 'public',
  errors: [404],
  redirects: [302],
  produces: 'text/plain',
  response: z.string(),
  async handle({ ctx, res }) {
    const { policyUrl } = toSiteSettingsDto(await siteSettings(ctx.readStore));
    if (policyUrl === DEFAULT_POLICY_URL) throw new DomainError('NOT_FOUND', 'Документ не найден');
    res.set('Cache-Control', 'no-cache').redirect(302, policyUrl);
  },
});

/** Served outside /api, after the stored files (a file at the policy's old address wins). */
export const documentRoutes = [readDocument, policyRedirect];
