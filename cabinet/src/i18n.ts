import polyglotI18nProvider from 'ra-i18n-polyglot';
import russianMessages from 'ra-language-russian';

const messages = {
  ...russianMessages,
  resources: {
    publications: {
      name: 'Объявление |||| Объявления',
      fields: {
        title: 'Заголовок',
        description: 'Описание',
        price: 'Цена, ₽',
        dealCategory: 'Тип сделки',
        propertyType: 'Тип недвижимости',
        locationId: 'Местоположение',
        'address.fullAddress': 'Адрес',
        roomCount: 'Комнат',
        totalArea: 'Общая площадь, м²',
        livingArea: 'Жилая площадь, м²',
        kitchenArea: 'Кухня, м²',
        floor: 'Этаж',
        floorsCount: 'Этажей в доме',
        buildYear: 'Год постройки',
        deposit: 'Залог, ₽',
        clientFee: 'Комиссия агента, %',
        guestsCount: 'Гостей',
        ceilingHeight: 'Высота потолков, м',
        bathroomType: 'Санузел',
        repairType: 'Ремонт',
        hasBalcony: 'Балкон или лоджия',
        hasParking: 'Парковка',
        hasLift: 'Лифт',
        hasFurniture: 'Мебель',
        petsAllowed: 'Можно с животными',
        status: 'Статус',
        updatedAt: 'Обновлено',
        images: 'Фото',
        q: 'Поиск',
      },
    },
  },
};

export const i18nProvider = polyglotI18nProvider(() => messages, 'ru', [{ locale: 'ru', name: 'Русский' }], {
  allowMissing: true,
});
