/** The home page's title (the tab's and, for server rendering, the document's). */
export const HOME_TITLE = 'Квадрат — недвижимость: купить, снять, посуточно';
/** Its meta description, for server rendering. */
export const HOME_DESCRIPTION =
  'Квартиры, дома и комнаты: продажа, аренда и посуточная аренда без лишних звонков. Лучшие предложения, спецпредложения и журнал о недвижимости.';
