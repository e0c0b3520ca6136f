import { plainText, sanitizeContentHtml, summaryOf } from './html';

describe('rich text', () => {
  it('keeps headings, paragraphs, lists, links and the store’s images', () => {
    const html =
      '<h2>Документы</h2><p>Текст <strong>важно</strong> <em>курсив</em></p><ol><li>один</li></ol><ul><li>два</li></ul>' +
      '<p><a href="/blog/ipoteka">свой</a> <a href="mailto:info@demo.estate">почта</a></p>' +
      '<p><img src="/storage/content/images/0123456789abcdef01234567.webp" alt="фото"></p>';
    expect(sanitizeContentHtml(html)).toBe(html.replace('alt="фото">', 'alt="фото" />'));
  });

  it('drops scripts, styles, handlers, frames and javascript: links, keeping their text where it is text', () => {
    expect(
      sanitizeContentHtml(
        '<p onclick="steal()" style="color:red">Текст<script>alert(1)</script></p><style>p{}</style>' +
          '<iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">ссылка</a>' +
          '<a href="https://example.ru" target="_self" onmouseover="x()">внешняя</a>',
      ),
    ).toBe(
      '<p>Текст</p>ссылка<a href="https://example.ru" target="_blank" rel="noopener noreferrer nofollow">внешняя</a>',
    );
  });

  it('turns the title level and old tags into the allowed ones, and drops images from elsewhere', () => {
    expect(
      sanitizeContentHtml('<h1>Заголовок</h1><h5>мелкий</h5><b>жирный</b><i>наклон</i><div>блок</div>'),
    ).toBe('<h2>Заголовок</h2><h4>мелкий</h4><strong>жирный</strong><em>наклон</em><p>блок</p>');
    expect(
      sanitizeContentHtml(
        '<p><img src="https://tracker.example/pixel.gif"><img src="/storage/agencies/a/photos/x.jpg"></p>',
      ),
    ).toBe('<p></p>');
  });

  it('gives the words of a text for a card’s summary, cut at a word', () => {
    expect(plainText('<h2>Шаги</h2><ul><li>Выбрать</li><li>Проверить &amp; купить</li></ul>')).toBe(
      'Шаги Выбрать Проверить & купить',
    );
    const summary = summaryOf(`<p>${'слово '.repeat(100)}</p>`, 50);
    expect(summary.length).toBeLessThanOrEqual(50);
    expect(summary.endsWith('слово…')).toBe(true);
  });
});
