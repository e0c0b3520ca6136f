/** Publication statuses and the list's tabs, in the spec's order (product.md section 2, publications list). */
export const STATUS = { PUBLISHED: 1, DRAFT: 2, ARCHIVED: 3, DECLINED: 4, PUBLISHED_NOT_ACTIVE: 5 } as const;

export const STATUS_TABS = [
  { status: STATUS.PUBLISHED, label: 'Активные', empty: 'Нет активных объявлений' },
  { status: STATUS.PUBLISHED_NOT_ACTIVE, label: 'Неактивные', empty: 'Нет неактивных объявлений' },
  { status: STATUS.ARCHIVED, label: 'Архив', empty: 'Нет объявлений в архиве' },
  { status: STATUS.DECLINED, label: 'Отклонённые', empty: 'Нет отклонённых объявлений' },
  { status: STATUS.DRAFT, label: 'Черновики', empty: 'Нет черновиков' },
] as const;

export const STATUS_NAMES: Record<number, string> = {
  1: 'Активно',
  2: 'Черновик',
  3: 'В архиве',
  4: 'Отклонено',
  5: 'Неактивно',
};

export const DEAL_CHOICES = [
  { id: 'sale', name: 'Продажа' },
  { id: 'rent', name: 'Аренда' },
  { id: 'dailyRent', name: 'Посуточно' },
];

export const PROPERTY_TYPE_CHOICES = [
  { id: 1, name: 'Квартира' },
  { id: 2, name: 'Дом, дача' },
  { id: 3, name: 'Коттедж' },
  { id: 4, name: 'Таунхаус' },
  { id: 5, name: 'Гараж' },
  { id: 6, name: 'Участок' },
  { id: 7, name: 'Комната' },
  { id: 11, name: 'Офис' },
  { id: 12, name: 'Помещение свободного назначения' },
  { id: 14, name: 'Склад' },
];

/** Select characteristics, stored as these codes (api.md section 9, filter characteristics 100 and 102). */
export const BATHROOM_CHOICES = [
  { id: 1, name: 'Совмещённый' },
  { id: 2, name: 'Раздельный' },
  { id: 3, name: 'Несколько' },
];
export const REPAIR_CHOICES = [
  { id: 1, name: 'Без ремонта' },
  { id: 2, name: 'Косметический' },
  { id: 3, name: 'Евроремонт' },
  { id: 4, name: 'Дизайнерский' },
];
/** Yes/no characteristics of a listing. */
export const FLAG_FIELDS = ['hasBalcony', 'hasParking', 'hasLift', 'hasFurniture', 'petsAllowed'] as const;
