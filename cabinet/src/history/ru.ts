/**
 * The texts of a listing's history and of the agency's audit trail (issue 19, items 2 and 4): they
 * come with their chunk (history/screens.ts), so the dashboard's entry does not carry them.
 */
export const historyMessages = {
  history: {
    title: 'История объявления',
    titleNamed: 'История объявления «%{title}»',
    back: 'К объявлению',
    changes: 'Изменения',
    empty: 'Изменений нет',
    session: 'сеанс %{id}',
    noSession: 'сеанс —',
    showAsOf: 'Каким было в этот момент',
    moment: 'Момент',
    momentHint: 'Дата и время (ваш часовой пояс)',
    show: 'Показать',
    asOfTitle: 'Объявление на %{at}',
    notYet: 'Объявления в этот момент ещё не было',
    deleted: 'Объявление удалено',
    differences: 'Отличия от сегодняшнего',
    noDifferences: 'Объявление не отличается от сегодняшнего',
    field: 'Поле',
    then: 'Тогда',
    now: 'Сегодня',
    listing: 'Объявление тогда',
    loading: 'Загрузка…',
    fields: {
      title: 'Заголовок',
      status: 'Статус',
      price: 'Цена',
      description: 'Описание',
      address: 'Адрес',
      photos: 'Фото',
      promotion: 'Продвижение',
      author: 'Автор',
    },
  },
  resources: {
    audit: {
      name: 'Журнал действий',
      fields: {
        at: 'Когда',
        actorId: 'Сотрудник',
        sessionId: 'Сеанс',
        area: 'Раздел',
        kind: 'Действие',
        summary: 'Что сделано',
        target: 'Объект',
        at_gte: 'С',
        at_lte: 'По',
      },
      export: 'Скачать CSV',
      empty: 'Действий не найдено',
      system: 'Система',
    },
  },
};
