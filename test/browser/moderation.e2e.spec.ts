import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { until } from '@estate/events/testing';
import { browserSuite, describeInBrowser, reload, shot, visit } from '../support/browser';
import { apiSignIn, apiTrustPhone, outboxCode, typeCode } from '../support/smsCode';
import { createAgency, createPublication } from '../../services/test/publications';
import { handleCommand } from '../../services/src/core/decider';
import { leadDecider, leadStream } from '../../services/src/leads';
import { DEMO_PHONES } from '../../services/src/seed';

/**
 * Issue 17's "Done when", at a phone's and a desktop's width: a visitor sends the four-step
 * selection request with its SMS code on the site; the demo moderator, in the cabinet, finds the
 * lead, takes it and marks it done with an answer (the visitor's phone gets it by SMS); declines a
 * complained-about listing with a reason; approves the listing waiting longest for moderation (its
 * history shows who did it); writes a blog post with a heading and a list in the rich-text editor
 * and publishes it; the visitor reads it on the site at /blog/…. Then the screens of the other
 * moderators' work: a lead marked spam with a call's note, a complaint dismissed, a slide edited and
 * its background uploaded, a rubric and an investment object renamed, a realtor request rejected
 * (sent again, its card shows the rejection in its history), the settings saved.
 *
 * The moderator's sign-in is not what these tests are about (the cabinet's suites sign in by SMS):
 * the session comes from the API, as the `auth-token` cookie the cabinet shares with the site. The
 * complaints, the listings and the lead the moderator handles are the test's own.
 */
describeInBrowser('the moderators’ work', () => {
  const suite = browserSuite();
  let moderatorToken: string;
  /** the complaining visitor's phone, confirmed by its SMS code as the site's complaint form does */
  const COMPLAINANT = '79165557777';
  let complainantTrust: string;
  let agent: Awaited<ReturnType<typeof createAgency>>['agent'];
  let context: BrowserContext | null = null;
  let page: Page;
  let visitor: Page | null = null;
  jest.setTimeout(120_000);

  beforeAll(async () => {
    moderatorToken = await apiSignIn(suite.server.url, DEMO_PHONES.moderator);
    complainantTrust = await apiTrustPhone(suite.server.url, COMPLAINANT);
    ({ agent } = await createAgency(suite.server.app.ctx, 'moderation', '220'));
  });
  afterEach(async () => {
    await context?.close();
    context = null;
    await visitor?.close();
    visitor = null;
  });

  const url = () => suite.server.url;

  /** The cabinet with the moderator's session; a moderator lands on the leads. */
  async function openCabinet(width: number) {
    context = await suite.browser.newContext({ viewport: { width, height: 1000 } });
    await context.addCookies([
      { name: 'auth-token', value: moderatorToken, url: url(), httpOnly: true, sameSite: 'Lax' },
    ]);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await visit(page, `${url()}/cabinet/`);
    await page.getByText('Лиды: заявки с сайта').first().waitFor();
  }

  const snap = (name: string, width: number) => shot(page, `moderation-${name}-${width}`, { fullPage: true });

  /**
   * Waits for the cabinet's notification, then dismisses it with Esc as a person may: the next one
   * waits until it has closed (4 s), and on a phone it stands over the menu's button.
   */
  async function notified(notification: Locator) {
    await notification.waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.MuiSnackbar-root').waitFor({ state: 'detached' });
  }

  /** the menu of a phone is behind its button */
  async function openMenuItem(name: string, width: number) {
    if (width < 600) await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('menuitem', { name, exact: true }).click();
  }

  /** A published listing of the test's agency, `daysAgo` days before the app's clock. */
  async function listing(id: string, daysAgo: number) {
    await createPublication(suite.server.app.ctx, agent, { id, price: 6_600_000, publishedDaysAgo: daysAgo });
    return { id, title: `Объявление ${id}` };
  }

  /** A visitor's complaint about a listing, through the site's API, from their confirmed phone. */
  async function complain(publicationId: string, comment: string) {
    return fetch(`${url()}/api/publications/${publicationId}/complaint`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'trust-token': complainantTrust },
      body: JSON.stringify({
        phone: COMPLAINANT,
        email: 'visitor@example.ru',
        comment,
        policy: true,
        'g-recaptcha-response': 'test',
      }),
    });
  }

  /** The visitor's selection request on the site: three steps, the SMS code (errorCode 6), success. */
  async function sendSelection(width: number, name: string, phone: string) {
    visitor = await suite.browser.newPage({ viewport: { width, height: 900 } });
    visitor.setDefaultTimeout(15_000);
    await visit(visitor, `${url()}/baza-kvartir`);
    await visitor.getByRole('button', { name: 'Подобрать квартиру' }).click();
    const dialog = visitor.getByRole('dialog');
    await dialog.getByText('Шаг 1 из 3').waitFor();
    await dialog.getByLabel('Город').fill('Казань');
    await dialog.getByRole('button', { name: 'Начать подбор' }).click();
    await dialog.getByText('Шаг 2 из 3').waitFor();
    await dialog.getByLabel('Общая площадь, м²').fill('62');
    await dialog.getByLabel('Площадь кухни, м²').fill('11');
    await dialog.getByRole('button', { name: '3, 4-комнатная' }).click();
    await dialog.getByRole('button', { name: 'Далее' }).click();
    await dialog.getByText('Шаг 3 из 3').waitFor();
    await dialog.getByLabel('Имя').fill(name);
    await dialog.getByLabel('Телефон').fill(phone.slice(1));
    await dialog.getByLabel('Пожелания').fill('Тихий двор, рядом детский сад');
    await dialog.getByRole('button', { name: 'Подобрать' }).click();
    await dialog.getByText('Новый код можно получить через', { exact: false }).waitFor();
    await typeCode(visitor, await outboxCode(url(), phone));
    await dialog.getByText('Заявка отправлена').waitFor();
    await shot(visitor, `moderation-visitor-sent-${width}`);
    await dialog.getByRole('button', { name: 'Хорошо' }).click();
  }

  /** the SMS text the development outbox holds for a phone, once one contains `text` */
  async function smsWith(phone: string, text: string) {
    let found: string | undefined;
    await until(async () => {
      const { data } = (await (await fetch(`${url()}/api/dev/sms?phone=${phone}`)).json()) as {
        data: { text: string }[];
      };
      found = data.find((m) => m.text.includes(text))?.text;
      return found !== undefined;
    });
    return found;
  }

  const ANSWER = 'Подобрали для вас три квартиры, менеджер позвонит сегодня';
  // each width has a visitor of its own, a post of its own, and listings of its own: one complained
  // about, one waiting for moderation longer than any other (the queue's first)
  const RUNS = [
    { width: 375, name: 'Варвара', phone: '79165553750', slug: 'moderator-post-phone', waited: 120 },
    { width: 1440, name: 'Евгения', phone: '79165554400', slug: 'moderator-post-desktop', waited: 121 },
  ];

  describe.each(RUNS)('issue 17 at $width px', ({ width, name, phone, slug, waited }) => {
    it('a selection request is answered and done; a listing declined, another approved; a post published and read', async () => {
      const complained = await listing(`moderation-complained-${width}`, 5);
      const reason = `Фотографии не соответствуют объекту (${width})`;
      const comment = `На фото другая квартира, проверьте объявление (${width})`;
      expect((await complain(complained.id, comment)).status).toBe(201);
      const queued = await listing(`moderation-queued-${width}`, waited);

      await sendSelection(width, name, phone);
      await openCabinet(width);

      // the leads: the visitor's request is the newest; take it, mark it done with an answer
      await page.getByText(name, { exact: false }).first().waitFor();
      await snap('leads', width);
      await page.getByText(name, { exact: false }).first().click();
      await page.getByText('Подбор квартиры').first().waitFor();
      await page
        .getByRole('button', { name: 'Взять в работу' })
        .click()
        .catch(async (error) => {
          await snap('lead-failed', width);
          throw error;
        });
      await notified(page.getByText('Заявка взята в работу'));
      await page.getByRole('button', { name: 'Выполнена' }).click();
      const doneDialog = page.getByRole('dialog');
      await doneDialog.getByLabel('Ответ человеку', { exact: false }).fill(ANSWER);
      await snap('lead-answer', width);
      await doneDialog.getByRole('button', { name: 'Выполнена' }).click();
      await notified(page.getByText('Заявка выполнена'));
      await page.getByText('История').first().waitFor();
      await page.getByText(ANSWER).first().waitFor();
      await snap('lead', width);
      // the answer reaches the visitor's phone
      expect(await smsWith(phone, ANSWER)).toBe(`Ответ на вашу заявку «Подбор квартиры»: ${ANSWER}`);

      // the complaints: decline the listing of the open one, with the reason its agency reads
      await openMenuItem('Жалобы: объявления', width);
      await page.getByText('Объявления с жалобами').first().waitFor();
      await snap('complained', width);
      await openMenuItem('Жалобы', width);
      const card = page.locator('[data-testid^="complaint-"]').filter({ hasText: comment });
      await card.waitFor();
      await card.getByRole('button', { name: 'Отклонить объявление' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Причина', { exact: false }).fill(reason);
      await snap('decline', width);
      await dialog.getByRole('button', { name: 'Отклонить объявление' }).click();
      await notified(page.getByText('Объявление отклонено').first());
      // the listing is declined with the moderator's reason
      const declined = (await (
        await fetch(`${url()}/api/cabinet/moderation-listings/${complained.id}`, {
          headers: { authorization: `Bearer ${moderatorToken}` },
        })
      ).json()) as { status: number; declineReason: string | null };
      expect(declined).toMatchObject({ status: 4, declineReason: reason });

      // the listings awaiting moderation: the longest waiting (the test's) approved, its history names the moderator
      await openMenuItem('На проверке', width);
      await page.getByText('Объявления на модерации').first().waitFor();
      await snap('queue', width);
      // a row of the table, or a card of a phone's list
      const rows = page.locator(width < 600 ? 'a' : 'tbody tr').filter({ hasText: 'Опубликовано' });
      await rows.first().waitFor();
      expect(await rows.first().textContent()).toContain(queued.title);
      await rows.first().click();
      await page
        .getByText('История модерации')
        .waitFor()
        .catch(async (error) => {
          await snap('listing-failed', width);
          throw error;
        });
      await page.getByRole('button', { name: 'Одобрить' }).click();
      await notified(page.getByText('Объявление одобрено'));
      await page.getByTestId('moderation-history').getByText('Одобрено модератором').waitFor();
      await snap('listing-history', width);

      // a post with a heading and a list, published
      await visit(page, `${url()}/cabinet/#/posts/create`);
      await page.getByLabel('Заголовок').fill(`Как выбрать квартиру (${width})`);
      await page.getByLabel('Адрес страницы').fill(slug);
      // an article stands in a rubric: the first of the demo's
      await page.getByLabel('Рубрика').click();
      await page.getByRole('option').first().click();
      const editor = page.locator('.ProseMirror');
      await editor.click();
      // the heading chosen in the toolbar's level select, the list by tiptap's input rule «- »
      await page.getByRole('button', { name: 'Текущий уровень' }).click();
      await page.getByRole('menuitem', { name: 'Заголовок 2' }).click();
      // typed once the menu has closed and handed the focus back to the editor (tiptap focuses it in
      // a frame of its own, after the menu gave it back to the level's button)
      await page.locator('#level-menu').waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement?.closest('.ProseMirror') != null);
      await page.keyboard.type('Что посмотреть');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Несколько советов.');
      await page.keyboard.press('Enter');
      await page.keyboard.type('- Документы');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Соседи');
      await page.getByLabel('Опубликовать').check();
      await snap('post', width);
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await page
        .getByText(`Как выбрать квартиру (${width})`)
        .first()
        .waitFor()
        .catch(async (error) => {
          await snap('post-failed', width);
          throw error;
        });
      await snap('posts', width);

      // the visitor reads it on the site
      await visit(visitor!, `${url()}/blog/${slug}`);
      await visitor!.getByRole('heading', { name: `Как выбрать квартиру (${width})`, level: 1 }).waitFor();
      await visitor!.getByRole('heading', { name: 'Что посмотреть', level: 2 }).waitFor();
      await visitor!.getByRole('listitem').filter({ hasText: 'Документы' }).first().waitFor();
      await shot(visitor!, `moderation-site-post-${width}`, { fullPage: true });
      const res = await fetch(`${url()}/api/posts/${slug}`);
      expect(res.status).toBe(200);
      const post = (await res.json()) as { data: { description: string } };
      expect(post.data.description).toMatch(/<h2>Что посмотреть<\/h2>/);
      expect(post.data.description).toMatch(/<ul>.*Документы.*Соседи.*<\/ul>/s);
    });
  });

  describe('the other moderators’ screens at 1440 px', () => {
    it('marks a lead spam with a call’s note, dismisses a complaint, edits a slide with a new image, a rubric and an investment, rejects a realtor request, saves the settings', async () => {
      const width = 1440;
      // a lead of the test's own: a request for a call back from the site
      const leadId = 'moderation-spam-lead';
      await handleCommand(
        suite.server.app.ctx.eventStore,
        leadStream(leadId),
        leadDecider,
        {
          type: 'ReceiveLead',
          lead: {
            leadId,
            kind: 'callback',
            name: 'Серафима',
            phone: '79161119999',
            text: '',
            titlePage: 'Главная',
            selection: null,
            valuation: null,
            campaignLabel: null,
            userId: null,
            phoneConfirmedBy: 'sms',
          },
        },
        { actor: 'test' },
      );
      await suite.server.app.ctx.projections.whenCaughtUp();
      // a visitor's complaint about a listing of the test's, to be dismissed
      const standing = await listing('moderation-dismissed', 5);
      const comment = 'Цена в объявлении не совпадает с ценой по телефону';
      expect((await complain(standing.id, comment)).status).toBe(201);

      await openCabinet(width);

      // the lead: a call's note, then spam
      await page.getByText('Серафима', { exact: false }).first().click();
      await page.getByRole('button', { name: 'Заметка о звонке' }).click();
      const note = page.getByRole('dialog');
      await note.getByLabel('Заметка о звонке').fill('Номер не отвечает, похоже на спам');
      await note.getByRole('button', { name: 'Заметка о звонке' }).click();
      await notified(page.getByText('Заметка добавлена'));
      await page.getByRole('button', { name: 'Спам' }).click();
      await notified(page.getByText('Заявка отмечена как спам'));
      await page.getByText('Номер не отвечает, похоже на спам').first().waitFor();
      await snap('lead-spam', width);

      // the complaint dismissed: the listing stays
      await openMenuItem('Жалобы', width);
      const card = page.locator('[data-testid^="complaint-"]').filter({ hasText: comment });
      await card.waitFor();
      await card.getByRole('button', { name: 'Отклонить жалобу' }).click();
      const dismiss = page.getByRole('dialog');
      await dismiss.getByLabel('Причина', { exact: false }).fill('Объявление актуально');
      await dismiss.getByRole('button', { name: 'Отклонить жалобу' }).click();
      await notified(page.getByText('Жалоба отклонена').first());
      await snap('complaint-dismissed', width);
      expect((await fetch(`${url()}/api/publications/${standing.id}`)).status).toBe(200);

      // a slide: its title and background image changed and saved (the image through the upload call)
      await openMenuItem('Слайды', width);
      await page.locator('tbody tr').first().click();
      const title = page.getByRole('textbox', { name: 'Заголовок', exact: true });
      await title.fill('Новостройки с отделкой');
      const background = await sharp({
        create: { width: 800, height: 400, channels: 3, background: { r: 40, g: 120, b: 200 } },
      })
        .png()
        .toBuffer();
      await page
        .getByTestId('upload-backgroundImagePath')
        .setInputFiles({ name: 'фон.png', mimeType: 'image/png', buffer: background });
      await page.locator('img[src^="/storage/content/images/"]').first().waitFor();
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByText('Новостройки с отделкой').first().waitFor();
      await snap('slide-saved', width);

      // a rubric and an investment object: each renamed and saved, the list shows the new name
      for (const [menu, name] of [
        ['Рубрики', 'Вторичное жильё'],
        ['Инвестиции', 'Апартаменты у набережной'],
      ] as const) {
        // the list before is still drawn a moment after the menu's click: its row is not the one to open
        const shown = await page.locator('tbody tr').first().textContent();
        await openMenuItem(menu, width);
        await page.waitForFunction((before) => {
          const row = document.querySelector('tbody tr');
          return row !== null && row.textContent !== before;
        }, shown);
        await page.locator('tbody tr').first().click();
        await page.getByRole('textbox', { name: 'Название', exact: true }).fill(name);
        await page.getByRole('button', { name: 'Сохранить' }).click();
        await page
          .locator('tbody tr')
          .filter({ hasText: name })
          .first()
          .waitFor()
          .catch(async (error) => {
            await snap(`${menu}-failed`, width);
            throw error;
          });
      }
      await snap('investments-saved', width);

      // a realtor request rejected with a reason and sent again: its card shows who rejected it and why
      const userToken = await apiSignIn(url(), DEMO_PHONES.user);
      const submit = () =>
        fetch(`${url()}/api/realtor-database-request`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${userToken}` },
          body: JSON.stringify({
            name: 'Иван Петров',
            agencyName: 'Дом у реки',
            email: 'ivan@example.ru',
            legalEntity: 1,
            inn: '7707083893',
            kpp: '770701001',
          }),
        });
      expect((await submit()).status).toBe(200);
      await openMenuItem('Заявки риелторов', width);
      await page.getByText('Дом у реки').waitFor();
      await page.getByRole('button', { name: 'Отклонить' }).click();
      const reject = page.getByRole('dialog');
      await reject.getByLabel('Причина', { exact: false }).fill('Проверьте ИНН и КПП');
      await reject.getByRole('button', { name: 'Отклонить' }).click();
      await page.getByText('Заявок на рассмотрении нет').waitFor();
      expect((await submit()).status).toBe(200);
      await reload(page);
      await page
        .getByTestId('moderation-history')
        .getByText('Проверьте ИНН и КПП', { exact: false })
        .waitFor();
      await snap('realtor-request', width);

      // the settings: the contacts saved
      await visit(page, `${url()}/cabinet/#/settings`);
      await page.getByRole('tab', { name: 'Контакты' }).waitFor();
      await page.getByLabel('Часы работы').fill('Пн–Пт 9:00–20:00');
      await page.getByRole('button', { name: 'Сохранить' }).first().click();
      await page.getByText('Настройки сохранены').waitFor();
      await snap('settings', width);
      const settings = (await (await fetch(`${url()}/api/settings`)).json()) as {
        data: { workingHours: string | null };
      };
      expect(settings.data.workingHours).toBe('Пн–Пт 9:00–20:00');
    });
  });

  describe.each([375, 1440])('the lists at %i px', (width) => {
    it('shows a slow list’s loading instead of a blank page until its call answers', async () => {
      await openCabinet(width);
      // each list's call held until the loading has been seen (the leads, where the cabinet opens, are loaded)
      const lists: [hash: string, call: RegExp][] = [
        ['#/complained-publications', /\/api\/cabinet\/complained-publications\b/],
        ['#/moderation-listings', /\/api\/cabinet\/moderation-listings\b/],
        ['#/complaints', /\/api\/cabinet\/complaints\b/],
        ['#/realtor-requests', /\/api\/moderation\/realtor-requests\b/],
      ];
      for (const [hash, call] of lists) {
        let release = () => undefined as void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(call, async (route) => {
          await held;
          await route.continue();
        });
        await page.evaluate((h) => (window.location.hash = h), hash);
        await page.getByText('Загрузка', { exact: true }).waitFor();
        release();
        await page.getByText('Загрузка', { exact: true }).waitFor({ state: 'detached' });
        await page.unroute(call);
      }
      expect(await page.getByText('Идет загрузка, пожалуйста, подождите...').count()).toBe(0);
    });
  });
});
