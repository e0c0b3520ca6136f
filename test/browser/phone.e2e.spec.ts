import { browserSuite, describeInBrowser, shot, visit } from '../support/browser';

/**
 * product.md: the phone is hidden until the first click, which shows it (and counts the reveal for
 * the agency); the next click dials. The page holds no phone before the click: the number comes
 * from the reveal call's answer.
 */
describeInBrowser('phone reveal', () => {
  const suite = browserSuite();

  const PHONE_TEXT = /^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/;
  const digitsOf = (text: string) => text.replace(/\D/g, '');
  const isReveal = (url: string) => url.endsWith('/phone-view');

  describe.each([375, 1440])('the phone button at %i px', (width) => {
    it('reveals the number from the reveal call on the first click and dials on the next', async () => {
      const { server } = suite;
      const page = await suite.browser.newPage({ viewport: { width, height: 900 } });
      try {
        const revealed: string[] = [];
        const otherAnswers: Promise<string>[] = [];
        // bodies are read once each request has finished (the body of a merely started answer may never come)
        page.on('requestfinished', (finished) => {
          if (!finished.url().includes('/api/')) return;
          if (!isReveal(finished.url()))
            otherAnswers.push(
              finished
                .response()
                .then((response) => response?.text() ?? '')
                .catch(() => ''),
            );
        });
        await visit(page, `${server.url}/prodazha`);
        const card = page.getByTestId('publication-card').first();
        await card.waitFor();
        // nothing on the page holds an 11-digit phone before the click, but the site's own (the footer's contacts)
        const { data: settings } = (await (await fetch(`${server.url}/api/settings`)).json()) as {
          data: { phone: string | null };
        };
        // (the server-rendered page's query state carries its answers' times in milliseconds: not phones)
        const content = (await page.content()).replace(
          /"(dataUpdatedAt|dehydratedAt|errorUpdatedAt)":\d+/g,
          '',
        );
        expect(content.replaceAll(settings.phone ?? '', '')).not.toMatch(/7\d{10}/);

        const reveal = (click: Promise<void>) =>
          Promise.all([
            page.waitForResponse((r) => isReveal(r.url()) && r.request().method() === 'POST'),
            click,
          ]).then(async ([response]) => revealed.push((await response.json()).data.phone));
        await reveal(card.getByRole('button', { name: 'Показать телефон' }).click());
        const phone = card.getByTestId('phone');
        expect(await phone.textContent()).toMatch(PHONE_TEXT);
        expect(digitsOf((await phone.textContent())!)).toBe(revealed[0]);
        // the next click dials
        expect(await phone.getAttribute('href')).toBe(`tel:+${revealed[0]}`);
        await shot(page, `phone-catalogue-${width}`);

        // the listing page does the same with its own button
        // React renders the navigation in a transition: the catalogue stays until the listing is ready
        const title = (await card.getByTestId('card-title').textContent())!.trim();
        await card.getByTestId('card-title').click();
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await reveal(page.getByRole('button', { name: 'Показать телефон' }).first().click());
        expect(await page.getByTestId('phone').first().getAttribute('href')).toBe(`tel:+${revealed[1]}`);
        await shot(page, `phone-listing-${width}`);
        // no other answer the site read carried the numbers: the search and the listing come without them
        const texts = await Promise.all(otherAnswers);
        expect(texts.length).toBeGreaterThan(1);
        for (const phoneDigits of revealed)
          expect(texts.filter((text) => text.includes(phoneDigits))).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });
});
