import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { until } from '@estate/events/testing';
import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';
import { apiSignIn } from '../support/smsCode';

/**
 * Issue 16 in the cabinet's editor: an agent creates a listing with three photos (two dropped on the
 * form, one picked with «Добавить фото»), each uploaded with its progress and marked «Обрабатывается»
 * until its sizes are made; reorders them by dragging and «Сделать обложкой»; picks the address
 * from the suggestions (the gazetteer: «Тверская» in Москва), which gives it a point and the metro
 * near it; saves, and the listing keeps the photos in that order and the point.
 */
const AGENT = '79990000011';
/** a price none of the demo's listings has: the site's search by it finds this listing alone */
const PRICE = 25_000_123;
const DAY = 24 * 3600_000;
jest.setTimeout(180_000);

describeInBrowser('the listing editor’s photos and address in Chromium', () => {
  const suite = browserSuite();
  let page: Page;

  /** A picture of one colour with a mark in a corner, as a JPEG or a PNG the form can upload. */
  async function picture(name: string, colour: { r: number; g: number; b: number }, type: 'jpeg' | 'png') {
    const image = sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } }).composite([
      {
        input: { create: { width: 200, height: 200, channels: 3, background: '#ffffff' } },
        left: 40,
        top: 40,
      },
    ]);
    const buffer = await (type === 'jpeg' ? image.jpeg({ quality: 85 }) : image.png()).toBuffer();
    return { name, mimeType: `image/${type}`, buffer };
  }

  type Picture = Awaited<ReturnType<typeof picture>>;

  /** Files dropped on an element as a person drags them from a folder: a drop event carrying a DataTransfer. */
  async function dropFiles(target: ReturnType<Page['getByTestId']>, files: Picture[]) {
    const dataTransfer = await page.evaluateHandle(
      (sent) => {
        const transfer = new DataTransfer();
        for (const file of sent) {
          const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
          transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
        }
        return transfer;
      },
      files.map((f) => ({ name: f.name, mimeType: f.mimeType, base64: f.buffer.toString('base64') })),
    );
    await target.dispatchEvent('dragover', { dataTransfer });
    await target.dispatchEvent('drop', { dataTransfer });
  }

  const tilePaths = () =>
    page
      .getByTestId('photo')
      .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-path') ?? ''));

  /** nothing wider than the screen */
  const pageWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);

  /** The photos come to be in this order (a few seconds at most), then are checked to be. */
  async function expectOrder(expected: string[]) {
    await page
      .waitForFunction(
        (paths) =>
          [...document.querySelectorAll('[data-testid="photo"]')]
            .map((tile) => tile.getAttribute('data-path'))
            .join('|') === paths.join('|'),
        expected,
        { timeout: 5000 },
      )
      .catch(() => undefined);
    expect(await tilePaths()).toEqual(expected);
  }

  let listingId = '';
  let order: string[] = [];
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

  it('uploads, orders and saves the photos with an address picked from the suggestions', async () => {
    // signed in as the agent by the session cookie the API's SMS sign-in sets (this test is about the editor)
    const desktop = await suite.browser.newContext({ viewport: { width: 1440, height: 1000 } });
    await desktop.addCookies([
      {
        name: 'auth-token',
        value: await apiSignIn(suite.server.url, AGENT),
        url: suite.server.url,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    page = await desktop.newPage();
    page.setDefaultTimeout(30_000);
    await visit(page, `${suite.server.url}/cabinet/#/publications/create`);

    await page.getByLabel('Тип сделки').click();
    await page.getByRole('option', { name: 'Продажа' }).click();
    await page.getByLabel('Заголовок').fill('Фото и адрес: 2-комн. квартира на Тверской');
    await page.getByLabel('Цена, ₽').fill(String(PRICE));
    await page.getByLabel('Местоположение').fill('Москва');
    await page
      .getByRole('option', { name: /^Москва/ })
      .first()
      .click();

    const [red, green, blue] = await Promise.all([
      picture('красная.jpg', { r: 200, g: 40, b: 40 }, 'jpeg'),
      picture('зелёная.png', { r: 40, g: 160, b: 60 }, 'png'),
      picture('синяя.jpg', { r: 40, g: 60, b: 200 }, 'jpeg'),
    ]);

    // the first request is held so the upload's progress can be seen (and photographed)
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/system/upload', async (route) => {
      await held;
      await route.continue();
    });
    const zone = page.getByTestId('photo-drop-zone');
    await dropFiles(zone, [red, green]);
    await page.getByRole('progressbar', { name: 'Загрузка фото красная.jpg' }).waitFor();
    await page.getByRole('progressbar', { name: 'Загрузка фото зелёная.png' }).waitFor();
    await shot(zone, 'cabinet-photos-uploading-1440');
    release();
    await page.getByTestId('photo').nth(1).waitFor();

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Добавить фото' }).click(),
    ]);
    await chooser.setFiles(blue);
    await page.getByTestId('photo').nth(2).waitFor();
    await page.getByTestId('photo-upload').waitFor({ state: 'detached' });
    await page.unroute('**/api/system/upload');

    // a file that only claims to be a photo: the server reads its content and refuses it, in Russian
    await dropFiles(zone, [
      { name: 'сломанная.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('это не фото') },
    ]);
    const refusal = page.getByRole('alert').filter({ hasText: 'сломанная.jpg' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(
      'сломанная.jpg: Допустимы фото в форматах JPEG, PNG и WebP',
    );
    await refusal.getByRole('button', { name: 'Закрыть' }).click();
    await refusal.waitFor({ state: 'detached' });

    const uploaded = await tilePaths();
    // in the order dropped and picked (red JPEG, green PNG, blue JPEG)
    expect(uploaded.map((path) => path.split('.').pop())).toEqual(['jpg', 'png', 'jpg']);
    for (const path of uploaded) expect(path).toMatch(/^\/storage\/agencies\/demo-agency-1\/photos\//);
    const [r, g, b] = uploaded;
    await page.getByRole('listitem', { name: 'Фото 1 из 3, Обложка' }).waitFor();

    // the blue one dragged onto the first place, then the green one made the cover
    await page.getByTestId('photo').nth(2).dragTo(page.getByTestId('photo').nth(0));
    await expectOrder([b, r, g]);
    await page
      .getByRole('listitem', { name: /^Фото 3 из 3/ })
      .getByRole('button', { name: 'Сделать обложкой' })
      .click();
    await expectOrder([g, b, r]);
    // the arrow keys move a focused photo too
    await page.getByRole('listitem', { name: /^Фото 2 из 3/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expectOrder([g, r, b]);
    await page.keyboard.press('ArrowLeft');
    await expectOrder([g, b, r]);
    order = [g, b, r];

    // the address from the suggestions (400 ms after typing stops): its point and the metro near it
    const address = page.getByRole('combobox', { name: 'Адрес' });
    await expect(page.getByTestId('address-point').textContent()).resolves.toBe(
      'Выберите адрес из подсказок, чтобы объявление можно было опубликовать',
    );
    await address.pressSequentially('Тверская', { delay: 40 });
    await page.getByRole('option').first().waitFor();
    await shot(page, 'cabinet-photos-suggestions-1440');
    await page.getByRole('option', { name: 'г Москва, ул Тверская', exact: true }).click();
    expect(await address.inputValue()).toBe('г Москва, ул Тверская');
    await page.getByText('Точка на карте найдена').waitFor();
    await page
      .getByTestId('metro')
      .getByText(/мин (пешком|на транспорте)/)
      .first()
      .waitFor();

    // the editor asks until the worker has made the sizes: the marks go, the thumbnails are the sizes
    await page.getByTestId('photo-processing').first().waitFor({ state: 'detached' });
    expect(
      await page
        .getByTestId('photo')
        .locator('img')
        .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).currentSrc)),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/-thumb\.webp$/)]));

    expect(await pageWidth(page)).toBeLessThanOrEqual(1440);
    await shot(page, 'cabinet-photos-1440', { fullPage: true });

    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(/#\/publications\/[^/]+\/show$/);
    listingId = decodeURIComponent(/#\/publications\/([^/]+)\/show$/.exec(page.url())![1]);

    // the listing as the cabinet reads it: the photos in the order arranged, the chosen point
    const saved = await page.request.get(`${suite.server.url}/api/cabinet/publications/${listingId}`);
    expect(saved.status()).toBe(200);
    const listing = (await saved.json()) as {
      images: { path: string }[];
      address: { fullAddress: string; geo: { lat: number; lon: number } | null };
    };
    expect(listing.images.map((i) => i.path)).toEqual(order);
    expect(listing.address.fullAddress).toBe('г Москва, ул Тверская');
    expect(listing.address.geo).toEqual({ lat: expect.any(Number), lon: expect.any(Number) });
    expect(listing.address.geo!.lat).toBeCloseTo(55.76, 1);
    expect(listing.address.geo!.lon).toBeCloseTo(37.6, 1);

    // the edit form reads them back on a phone: the same order, the point kept, the metro near it
    // (a page of its own at that width: a desktop page made narrow opens react-admin's menu over the form)
    signedIn = await page.context().storageState();
    const phone = await suite.browser.newContext({
      viewport: { width: 375, height: 800 },
      storageState: signedIn,
    });
    await desktop.close();
    page = await phone.newPage();
    page.setDefaultTimeout(30_000);
    await visit(page, `${suite.server.url}/cabinet/#/publications/${encodeURIComponent(listingId)}`);
    await expectOrder(order);
    await page.getByText('Точка на карте найдена').waitFor();
    await page.getByTestId('metro').waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    // from the address down, below the app bar
    await page.getByRole('combobox', { name: 'Адрес' }).evaluate((input) => {
      input.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -80);
    });
    await shot(page, 'cabinet-photos-375');
    await phone.close();
  });

  it('publishes the listing; the site finds it on the map at its point and shows its photos in order', async () => {
    expect(listingId).not.toBe('');
    const cabinet = await suite.browser.newContext({
      viewport: { width: 1440, height: 1000 },
      storageState: signedIn,
    });
    const editor = await cabinet.newPage();
    editor.setDefaultTimeout(30_000);
    await visit(editor, `${suite.server.url}/cabinet/#/publications/${encodeURIComponent(listingId)}/show`);
    await editor.getByRole('button', { name: 'Опубликовать' }).click();
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    await until(async () => {
      const answer = await fetch(`${suite.server.url}/api/cabinet/publications/${listingId}`, {
        headers: { cookie },
      });
      return ((await answer.json()) as { status: number }).status === 1;
    });
    await cabinet.close();
    // past the premium window (its first three days only premium users see it), and the sizes made
    suite.server.clock.advance(3 * DAY + 60_000);
    await until(async () => {
      const answer = await fetch(`${suite.server.url}/api/publications/${listingId}`);
      if (!answer.ok) return false;
      const { data } = (await answer.json()) as { data: { images: { variants: unknown }[] } };
      return data.images.length === 3 && data.images.every((image) => image.variants !== null);
    });

    for (const width of [375, 1440]) {
      const site = await suite.browser.newPage({ viewport: { width, height: 900 } });
      site.setDefaultTimeout(30_000);
      // the tiles' host is out of reach here: an empty tile, as in the other map tests
      await site.route(/tile\.openstreetmap\.org/, (route) => route.abort());
      await visit(site, `${suite.server.url}/prodazha?view=map&priceMin=${PRICE}&priceMax=${PRICE}`);
      const total = site.getByTestId('map-total');
      await total.filter({ hasText: /в этой области/ }).waitFor();
      expect(Number((await total.textContent())!.match(/\d+/)![0])).toBe(1);
      // closer until the listing stands alone: each click moves the map, which asks the server again
      // 400 ms after it stops; its groups and pins are drawn from that answer
      for (let i = 0; i < 8 && (await site.getByTestId('map-marker').count()) === 0; i++) {
        const answered = site.waitForResponse((r) => new URL(r.url()).pathname === '/api/publications/map');
        await site.getByTestId('map-cluster').first().click();
        const { data } = (await (await answered).json()) as {
          data: { clusters: { publicationId?: string | null }[] };
        };
        const alone = data.clusters.filter((c) => c.publicationId).length;
        await site.waitForFunction(
          ([groups, pins]) =>
            document.querySelectorAll('[data-testid="map-cluster"]').length === groups &&
            document.querySelectorAll('[data-testid="map-marker"]').length === pins,
          [data.clusters.length - alone, alone],
        );
      }
      await site.getByTestId('map-marker').first().click();
      const card = site.getByTestId('map-card');
      await card.getByText('Фото и адрес: 2-комн. квартира на Тверской').waitFor();
      await shot(site, `site-map-${width}`);
      await card.getByRole('link').first().click();
      await site.waitForURL(new RegExp(`${listingId}`));

      // the gallery: the cover first, by its sizes (WebP with the JPEG beside it), then the others in order
      const main = site.getByRole('img', { name: /Фото 1 из 3/ }).first();
      await main.waitFor();
      const shown = async () =>
        site.evaluate(() =>
          [...document.querySelectorAll('picture source[type="image/webp"]')].map(
            (source) => source.getAttribute('srcset') ?? '',
          ),
        );
      const stem = (path: string) => path.slice(0, path.lastIndexOf('.'));
      const sources = await shown();
      expect(sources.some((srcset) => srcset.includes(`${stem(order[0])}-`))).toBe(true);
      const thumbs = site.getByRole('button', { name: /Фото \d из 3/ });
      expect(await thumbs.count()).toBe(3);
      await thumbs.nth(2).click();
      await site
        .getByRole('img', { name: /Фото 3 из 3/ })
        .first()
        .waitFor();
      expect(
        (await shown()).some(
          (srcset) => srcset.includes(`${stem(order[2])}-full`) || srcset.includes(`${stem(order[2])}-card`),
        ),
      ).toBe(true);
      // the listing's own point under «На карте»
      await site.getByText('На карте').first().waitFor();
      expect(await pageWidth(site)).toBeLessThanOrEqual(width);
      await shot(site, `site-gallery-${width}`, { fullPage: width === 375 });
      await site.close();
    }
  });
});
