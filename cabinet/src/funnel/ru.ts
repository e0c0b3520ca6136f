/**
 * The funnel screen's texts (issue 19, item 3): they come with its chunk (funnel/screens.ts), so
 * the dashboard's entry does not carry them.
 */
export const funnelMessages = {
  funnel: {
    title: 'Воронка',
    titleAgency: 'Воронка агентства',
    titleListing: 'Воронка объявления «%{title}»',
    listingsCount: 'Объявлений: %{count}',
    period: 'Период воронки',
    from: 'С',
    to: 'По',
    apply: 'Показать',
    chart: 'Воронка: показы, открытия, отклики, бронирования',
    steps: {
      impressions: 'Показы в поиске',
      opened: 'Открытия объявления',
      responses: 'Отклики (любые)',
      phone: 'Показы телефона',
      chat: 'Начатые чаты',
      favorite: 'Добавления в избранное',
      booking: 'Заявки на бронирование',
    },
    /** the chart's labels, short enough for three side by side on a phone */
    short: {
      impressions: 'Показы',
      opened: 'Открытия',
      responses: 'Отклики',
      phone: 'Телефон',
      chat: 'Чат',
      favorite: 'Избранное',
      booking: 'Бронирования',
    },
    table: {
      label: 'Таблица воронки',
      step: 'Шаг',
      all: 'Весь период',
      promoted: 'Дни с продвижением',
      notPromoted: 'Дни без продвижения',
      count: 'Зрители',
      conversion: 'Конверсия',
      from: 'от шага «%{step}»',
      days: 'Дней',
      listingDays: 'Дней объявлений',
      money: 'Потрачено на продвижение',
      costPerPhone: 'Цена показа телефона',
      costPerChat: 'Цена чата',
      none: '—',
    },
    note: 'Каждый зритель считается один раз в день на каждом шаге; дни — по московскому времени. Роботы не учитываются.',
    back: 'К объявлению',
    empty: 'За этот период взаимодействий нет',
    error: 'Не удалось загрузить воронку',
    openFunnel: 'Воронка',
  },
};
